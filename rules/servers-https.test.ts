import { testRule } from '../test/helpers/testRule';

testRule('servers-https', {
  valid: [
    {
      name: "oas3: https, relative and local development URLs",
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
servers:
  - url: https://shop.example.com/api/v1
  - url: /api/v1
  - url: http://localhost:8080/api/v1
  - url: http://127.0.0.1/api
paths: {}
`,
    },
    {
      name: "oas3.1: the scheme variable defaults to https",
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
servers:
  - url: '{scheme}://shop.example.com/api'
    variables:
      scheme: { default: https, enum: [https, http] }
paths: {}
`,
    },
    {
      name: "oas2: schemes https only",
      document: `swagger: '2.0'
info: { title: t, version: '1' }
host: shop.example.com
schemes: [https]
paths: {}
`,
    },
    {
      name: "oas2: no schemes (the scheme the document is served over)",
      document: `swagger: '2.0'
info: { title: t, version: '1' }
paths: {}
`,
    },
    {
      name: "oas2: a local development host",
      document: `swagger: '2.0'
info: { title: t, version: '1' }
host: localhost:8080
schemes: [http]
paths: {}
`,
    },
    {
      name: "json: https",
      document: `{"openapi": "3.0.3", "info": {"title": "t", "version": "1"}, "servers": [{"url": "https://x.example.com"}], "paths": {}}
`,
    },
  ],
  invalid: [
    {
      name: "oas3: an http server URL; the fix changes it to https",
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
servers:
  - url: http://shop.example.com/api/v1
    description: production
paths: {}
`,
      errors: [
        { path: ["servers", "0", "url"], line: 4, message: "plain-text http" },
      ],
      output: `openapi: 3.0.3
info: { title: t, version: '1' }
servers:
  - url: https://shop.example.com/api/v1
    description: production
paths: {}
`,
    },
    {
      name: "oas3: path and operation servers",
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
servers:
  - url: https://shop.example.com/api
paths:
  /users:
    servers:
      - url: http://users.example.com/api
    get:
      servers:
        - url: HTTP://ops.example.com/api
      responses:
        '200': { description: OK }
`,
      errors: [
        { path: ["paths", "/users", "servers", "0", "url"], line: 8 },
        { path: ["paths", "/users", "get", "servers", "0", "url"], line: 11 },
      ],
      output: `openapi: 3.0.3
info: { title: t, version: '1' }
servers:
  - url: https://shop.example.com/api
paths:
  /users:
    servers:
      - url: https://users.example.com/api
    get:
      servers:
        - url: https://ops.example.com/api
      responses:
        '200': { description: OK }
`,
    },
    {
      name: "oas3.1: the scheme variable defaults to http",
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
servers:
  - url: '{scheme}://shop.example.com/api'
    variables:
      scheme:
        default: http
        enum: [http]
paths: {}
`,
      errors: [
        { path: ["servers", "0", "variables", "scheme", "default"], line: 7 },
      ],
      output: `openapi: 3.1.0
info: { title: t, version: '1' }
servers:
  - url: '{scheme}://shop.example.com/api'
    variables:
      scheme:
        default: https
        enum: [https]
paths: {}
`,
    },
    {
      name: "oas3.1: ws becomes wss",
      document: `openapi: 3.1.0
info: { title: t, version: '1' }
servers:
  - url: ws://stream.example.com/api
paths: {}
`,
      errors: [
        { path: ["servers", "0", "url"], message: "use wss" },
      ],
      output: `openapi: 3.1.0
info: { title: t, version: '1' }
servers:
  - url: wss://stream.example.com/api
paths: {}
`,
    },
    {
      name: "oas3: local URLs are flagged with the local option",
      options: { local: true },
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
servers:
  - url: http://localhost:8080/api
paths: {}
`,
      errors: [
        { path: ["servers", "0", "url"], message: "(local development server)" },
      ],
    },
    {
      name: "oas2: http beside https; the fix removes it",
      document: `swagger: '2.0'
info: { title: t, version: '1' }
host: shop.example.com
schemes:
  - http
  - https
paths: {}
`,
      errors: [
        { path: ["schemes", "0"], line: 5 },
      ],
      output: `swagger: '2.0'
info: { title: t, version: '1' }
host: shop.example.com
schemes:
  - https
paths: {}
`,
    },
    {
      name: "oas2: http only, also on an operation",
      document: `swagger: '2.0'
info: { title: t, version: '1' }
host: shop.example.com
schemes: [http]
paths:
  /api/users:
    get:
      schemes: [http]
      responses:
        '200': { description: OK }
`,
      errors: [
        { path: ["schemes", "0"], line: 4 },
        { path: ["paths", "/api/users", "get", "schemes", "0"], line: 8 },
      ],
      output: `swagger: '2.0'
info: { title: t, version: '1' }
host: shop.example.com
schemes: [https]
paths:
  /api/users:
    get:
      schemes: [https]
      responses:
        '200': { description: OK }
`,
    },
    {
      name: "json: http",
      document: `{
  "openapi": "3.0.3",
  "info": { "title": "t", "version": "1" },
  "servers": [
    { "url": "http://x.example.com" }
  ],
  "paths": {}
}
`,
      errors: [
        { path: ["servers", "0", "url"], line: 5 },
      ],
      output: `{
  "openapi": "3.0.3",
  "info": { "title": "t", "version": "1" },
  "servers": [
    { "url": "https://x.example.com" }
  ],
  "paths": {}
}
`,
    },
    {
      name: "$ref: path item servers in another file",
      files: {
        "paths/users.yaml": `servers:
  - url: http://users.example.com
get:
  responses:
    '200': { description: OK }
`,
      },
      document: `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users:
    $ref: './paths/users.yaml'
`,
      errors: [
        { path: ["servers", "0", "url"], file: "paths/users.yaml", line: 2 },
      ],
    },
  ],
});
