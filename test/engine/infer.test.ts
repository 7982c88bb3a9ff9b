/** The conventions an API follows, measured per option on small documents (engine/infer.ts). */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { inferConventions, inferredConfigText, type Inference } from '../../server/src/engine';

type Ops = Record<string, Record<string, unknown>>;
const doc = (paths: Ops, extra: Record<string, unknown> = {}) => ({ openapi: '3.0.3', info: { title: 't', version: '1' }, paths, ...extra });
const ok = (code: string) => ({ responses: { [code]: { description: 'ok' } } });
const list = (...names: string[]) => ({ get: { parameters: names.map(name => ({ name, in: 'query', schema: { type: 'integer' } })), ...ok('200') } });
const find = (infs: Inference[], rule: string) => infs.find(i => i.rule === rule);

describe('inferConventions', () => {
  it('path-api-prefix: the prefix most paths start with, with its count', () => {
    const inf = find(inferConventions([doc({ '/v1/users': list(), '/v1/teams': list(), '/v1/users/{id}': {}, '/health': {} })]), 'path-api-prefix');
    assert.deepEqual(inf?.options, { prefix: '/v1' });
    assert.deepEqual(inf?.evidence, ['/v1/ starts 3 of 4 paths']);
  });

  it('path-api-prefix: off when no first segment is shared by most paths; nothing when /api is the majority', () => {
    const none = find(inferConventions([doc({ '/users': list(), '/teams': list(), '/repos': list() })]), 'path-api-prefix');
    assert.equal(none?.off, true);
    assert.match(none!.evidence[0], /no prefix/);
    assert.equal(find(inferConventions([doc({ '/api/users': list(), '/api/teams': list() })]), 'path-api-prefix'), undefined);
  });

  it('list-param-names: the majority name of each list parameter; a tie keeps the default', () => {
    const paths: Ops = {};
    for (let i = 0; i < 5; i++) paths[`/api/r${i}s`] = list(i < 4 ? 'per_page' : 'limit', i < 2 ? 'order_by' : 'sort');
    paths['/api/others'] = list('sort');
    const inf = find(inferConventions([doc(paths)]), 'list-param-names');
    assert.deepEqual(inf?.options, { names: { page: 'page', limit: 'per_page', sort: 'sort', filter: 'filter' } });
    assert.ok(inf?.evidence.includes('limit: per_page in 4 of 6 list operations, limit in 1'), inf?.evidence.join('\n'));
    const tie = inferConventions([doc({ '/api/as': list('per_page'), '/api/bs': list('limit') })]);
    assert.equal(find(tie, 'list-param-names'), undefined);
  });

  it('success statuses: the status most operations of a method answer with, unless most follow the default', () => {
    const infs = inferConventions([
      doc({
        '/api/as': { post: ok('200'), delete: ok('202') },
        '/api/bs': { post: ok('200'), delete: ok('202') },
        '/api/cs': { post: ok('201'), delete: ok('204'), put: ok('202') },
      }),
    ]);
    assert.deepEqual(find(infs, 'post-create-201')?.options, { statuses: ['200'] });
    assert.deepEqual(find(infs, 'post-create-201')?.evidence, ['POST: 200 in 2 of 3 creating POSTs with a success status, 201 in 1']);
    // The seed passes a DELETE, a PUT and a POST that answer 202 (the work is queued): they follow it.
    assert.equal(find(infs, 'delete-success-204'), undefined);
    assert.equal(find(infs, 'put-success-200-204'), undefined);
    assert.equal(find(infs, 'get-success-200'), undefined, 'no GET');
    const seed = inferConventions([doc({ '/api/as': { post: ok('201') }, '/api/bs': { post: ok('201') }, '/api/cs': { post: ok('200') } })]);
    assert.equal(find(seed, 'post-create-201'), undefined);
    const queued = {
      '/api/as': { post: ok('200') },
      '/api/bs': { post: ok('200') },
      '/api/cs': { post: ok('201') },
      '/api/ds': { post: ok('202') },
      '/api/es': { post: ok('202') },
    };
    assert.equal(
      find(inferConventions([doc(queued)]), 'post-create-201'),
      undefined,
      '201 or 202 in 3 of 5: most follow the seed, though 200 is the most common',
    );
  });

  it('delete-404: off when most DELETEs declare no 404, as error-404-item for the other item operations', () => {
    const gone = { delete: { responses: { '204': { description: 'gone' }, '404': { description: 'no' } } } };
    const infs = inferConventions([doc({ '/api/as': { delete: ok('204') }, '/api/bs': { delete: ok('204') }, '/api/cs': gone })]);
    assert.deepEqual(find(infs, 'delete-404'), { rule: 'delete-404', off: true, evidence: ['1 of 3 DELETE operations declare a 404'] });
    assert.equal(find(inferConventions([doc({ '/api/as': gone, '/api/bs': gone, '/api/cs': { delete: ok('204') } })]), 'delete-404'), undefined);
  });

  it('a practice most operations leave out turns its rule off; one most follow stays', () => {
    const infs = inferConventions([
      doc({
        '/api/as': { get: { responses: { '200': { description: 'ok' }, '400': { description: 'bad' } } } },
        '/api/bs': { get: { responses: { '200': { description: 'ok' }, '400': { description: 'bad' } } } },
        '/api/cs': { get: ok('200') },
      }),
    ]);
    assert.equal(find(infs, 'error-400'), undefined, '2 of 3 declare a 400');
    assert.deepEqual(find(infs, 'error-500'), { rule: 'error-500', off: true, evidence: ['0 of 3 operations declare a 500'] });
    assert.deepEqual(find(infs, 'cache-control-get')?.evidence, ['0 of 3 GETs with a 200 declare Cache-Control on their 200']);
  });

  it('security-required: allowOptOut when operations declare themselves public with security: []; off stays off', () => {
    const secured = { get: ok('200') };
    const infs = inferConventions([
      doc({ '/api/as': secured, '/api/bs': secured, '/oauth2/token': { post: { security: [], ...ok('200') } } }, { security: [{ key: [] }] }),
    ]);
    assert.deepEqual(find(infs, 'security-required'), {
      rule: 'security-required',
      options: { allowOptOut: true },
      evidence: ['1 of 3 operations declare themselves public with "security: []", as POST /oauth2/token'],
    });
    const unsecured = inferConventions([doc({ '/api/as': secured, '/api/bs': secured, '/oauth2/token': { post: { security: [], ...ok('200') } } })]);
    assert.equal(find(unsecured, 'security-required')?.off, true, 'most operations unsecured: the rule is off');
    assert.equal(find(inferConventions([doc({ '/api/as': secured }, { security: [{ key: [] }] })]), 'security-required'), undefined);
  });

  it('oas3-schema: refs anywhere when most operations are written as a $ref (the documents as written)', () => {
    const asRef = (file: string) => ({ get: { $ref: file } });
    const written = doc({
      '/v2/account': asRef('resources/account_get.yml'),
      '/v2/droplets': asRef('resources/droplets_list.yml'),
      '/v2/health': { get: ok('200') },
    });
    const resolved = doc({ '/v2/account': { get: ok('200') }, '/v2/droplets': { get: ok('200') }, '/v2/health': { get: ok('200') } });
    assert.deepEqual(find(inferConventions([resolved], [written]), 'oas3-schema'), {
      rule: 'oas3-schema',
      options: { refs: 'anywhere' },
      evidence: ['operations written as a $ref to where they are kept: 2 of 3, as GET /v2/account and GET /v2/droplets'],
    });
    assert.equal(find(inferConventions([resolved], [resolved]), 'oas3-schema'), undefined, 'operations written in place');
    assert.equal(find(inferConventions([resolved]), 'oas3-schema'), undefined, 'no documents as written: nothing to say');
  });

  it('path-collection-plural: the case most collection segments that show one are written in', () => {
    const items = (...keys: string[]) => Object.fromEntries(keys.map(k => [k, { get: ok('200') }]));
    const inf = find(
      inferConventions([
        doc(items('/api/payment_intents/{id}', '/api/setup_intents/{id}', '/api/tax-rates/{id}', '/api/users/{id}', '/api/users/{id}/activate')),
      ]),
      'path-collection-plural',
    );
    assert.deepEqual(inf?.options, { case: 'snake_case' });
    assert.deepEqual(inf?.evidence, ['collection segments: snake_case in 2 of 3 collection names of several words or capitalized, kebab-case in 1']);
    const pascal = find(
      inferConventions([doc(items('/Accounts/{Sid}', '/Accounts/{Sid}/Calls/{Sid2}', '/Accounts/{Sid}/phone_numbers/{Id}'))]),
      'path-collection-plural',
    );
    assert.deepEqual(pascal?.options, { case: 'PascalCase' });
    const split = inferConventions([doc(items('/api/payment_intents/{id}', '/api/tax-rates/{id}', '/api/users/{id}'))]);
    assert.equal(find(split, 'path-collection-plural'), undefined, 'no case more than half show');
  });

  it('path-collection-plural: the number most collection names are in; either when neither has a majority', () => {
    const items = (...keys: string[]) => doc(Object.fromEntries(keys.map(k => [k, { get: ok('200') }])));
    const singular = inferConventions([items('/api/user/{id}', '/api/team/{id}', '/api/order/{id}', '/api/invoices/{id}', '/api/data/{id}')]);
    assert.deepEqual(find(singular, 'path-collection-plural'), {
      rule: 'path-collection-plural',
      options: { form: 'singular' },
      evidence: ['collection names: singular in 3 of 4 collection names, plural in 1'],
    });
    const split = find(inferConventions([items('/api/user/{id}', '/api/team/{id}', '/api/orders/{id}', '/api/invoices/{id}')]), 'path-collection-plural');
    assert.deepEqual(split?.options, { form: 'either' });
    assert.deepEqual(split?.evidence, ['collection names: plural in 2 of 4 collection names, singular in 2 (no number is kept by more than half)']);
    const plural = inferConventions([items('/api/users/{id}', '/api/teams/{id}', '/api/orders/{id}', '/api/invoice/{id}')]);
    assert.equal(find(plural, 'path-collection-plural'), undefined, 'plural is the default');
    const few = inferConventions([items('/api/user/{id}', '/api/team/{id}', '/api/order/{id}')]);
    assert.equal(find(few, 'path-collection-plural'), undefined, 'three names say too little');
    const text = inferredConfigText(singular, { schema: 's.json', source: 'api.yaml' });
    assert.match(
      text,
      /  # collection names: singular in 3 of 4 collection names, plural in 1\n  path-collection-plural:\n    then:\n      functionOptions:\n        form: singular\n/,
    );
  });

  it('path-collection-plural: reports when a quarter of the singular names, and three, only end a list', () => {
    const list = { get: { responses: { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'array', items: {} } } } } } } };
    const paths: Ops = { '/repos/{r}/stats/code_frequency': list, '/repos/{r}/stats/punch_card': list, '/usage/records/yesterday': list };
    for (const name of ['user', 'team', 'order', 'invoice']) paths[`/${name}/{id}`] = { get: ok('200') };
    const inf = find(inferConventions([doc(paths)]), 'path-collection-plural');
    assert.deepEqual(inf?.options, { case: 'snake_case', form: 'singular', reports: true });
    assert.ok(
      inf?.evidence.includes(
        'singular collection names: 3 of 7 only end a list with no item below them (a report or a view), as /repos/{r}/stats/code_frequency and /repos/{r}/stats/punch_card',
      ),
      inf?.evidence.join('\n'),
    );
    delete paths['/usage/records/yesterday'];
    assert.equal(find(inferConventions([doc(paths)]), 'path-collection-plural')?.options?.reports, undefined, 'two');
  });

  it('error-schema: problem details and their media type when most error bodies are; nothing for the seed', () => {
    const problem = { type: 'object', properties: { title: { type: 'string' }, status: { type: 'integer' } }, required: ['title'] };
    const shapeB = { type: 'object', properties: { error: { type: 'string' } }, required: ['error'] };
    const failing = (type: string, schema: unknown) => ({
      get: { responses: { '200': { description: 'ok' }, '404': { description: 'no', content: { [type]: { schema } } } } },
    });
    const inf = find(
      inferConventions([
        doc({
          '/api/as': failing('application/problem+json', problem),
          '/api/bs': failing('application/problem+json', problem),
          '/api/cs': failing('application/json', shapeB),
        }),
      ]),
      'error-schema',
    );
    assert.deepEqual(inf?.options, { shapes: ['problem'], mediaTypes: ['application/problem+json'] });
    assert.deepEqual(inf?.evidence, [
      "error bodies: problem in 2 of 3 error responses with a JSON body, B in 1 (A, B: the seed's shapes; own: none of them)",
      'error body media types: application/problem+json in 2 of 3 error responses with a JSON body, application/json in 1',
    ]);
    const consistent = find(
      inferConventions([doc({ '/api/as': failing('application/problem+json', problem), '/api/bs': failing('application/problem+json', problem) })]),
      'error-schema-consistent',
    );
    assert.deepEqual(consistent?.options, { shapes: ['A', 'B', 'problem'] }, 'problem details are compared with the seed shapes');
    const seed = inferConventions([doc({ '/api/as': failing('application/json', shapeB), '/api/bs': failing('application/json', shapeB) })]);
    assert.equal(find(seed, 'error-schema'), undefined);
    assert.equal(find(seed, 'error-schema-consistent'), undefined);
  });

  it('list-pagination: the style most paged lists use, its parameters under their majority names', () => {
    const listOf = (...names: string[]) => ({
      get: {
        parameters: names.map(name => ({ name, in: 'query', schema: { type: 'string' } })),
        responses: { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'array', items: { type: 'object' } } } } } },
      },
    });
    const paths: Ops = {
      '/v1/as': listOf('starting_after', 'limit'),
      '/v1/bs': listOf('starting_after', 'limit'),
      '/v1/cs': listOf('page', 'limit'),
      '/v1/ds': listOf(),
    };
    const inf = find(inferConventions([doc(paths)]), 'list-pagination');
    assert.deepEqual(inf?.options, { styles: ['cursor'], names: { cursor: 'starting_after' } });
    assert.deepEqual(inf?.evidence, [
      'paged lists: cursor in 2 of 3 paged list operations (of 4), page in 1',
      'cursor: starting_after in 2 of 3 paged list operations',
    ]);
    const seed = inferConventions([doc({ '/v1/as': listOf('page', 'per_page', 'page_token'), '/v1/bs': listOf('page', 'per_page', 'page_token') })]);
    assert.equal(find(seed, 'list-pagination'), undefined, 'a tie with page (and per_page, a known other of limit) keeps the default');
  });

  it('path-no-verbs: actions as verbs ending POST-only paths, when most paths with a verb have it there', () => {
    const post = { post: ok('200') };
    const infs = inferConventions([doc({ '/accounts/get': post, '/item/public_token/create': post, '/getUsers': { get: ok('200') } })]);
    assert.deepEqual(find(infs, 'path-no-verbs')?.options, { actions: 'post' });
    assert.deepEqual(find(infs, 'path-no-verbs')?.evidence, ['a verb ends a POST-only path in 2 of 3 paths with a verb (an action on what comes before it)']);
    const rpc = inferConventions([doc({ '/accounts/get': post, '/getUsers': { get: ok('200') }, '/fetchOrders': { get: ok('200') } })]);
    assert.equal(find(rpc, 'path-no-verbs'), undefined);
  });

  it('path-resource-nesting: actions with path-no-verbs, so an action is no sub-collection', () => {
    const post = { post: ok('200') };
    const paths = { '/groups/{id}': { get: ok('200') }, '/groups/terminate_sessions': post, '/sections/{id}/insert': post, '/getUsers': { get: ok('200') } };
    const nesting = find(inferConventions([doc(paths)]), 'path-resource-nesting');
    assert.deepEqual(nesting?.options, { actions: 'post' });
    assert.deepEqual(nesting?.evidence, ['a verb ends a POST-only path in 2 of 3 paths with a verb (an action on what comes before it)']);
    const noActions = inferConventions([doc({ ...paths, '/fetchOrders': { get: ok('200') }, '/listTeams': { get: ok('200') } })]);
    assert.equal(find(noActions, 'path-resource-nesting'), undefined);
  });

  it('post-request-body and post-create-201: actions when most POSTs ending in no collection send no body or answer no 201', () => {
    const post = { post: ok('200') };
    const paths = { '/runs/{id}/rerequest': post, '/me/player/previous': post, '/dnd.endSnooze': post, '/users': post, '/orders/{id}/cancel': post };
    for (const rule of ['post-request-body', 'post-create-201']) {
      const inf = find(inferConventions([doc(paths)]), rule);
      assert.deepEqual(inf?.options?.actions, 'non-collections', rule);
      assert.ok(
        inf?.evidence.includes(
          'POSTs whose last segment names no collection: 3 of 3 act (send no body, or answer without a 201), as /runs/{id}/rerequest and /me/player/previous',
        ),
        rule,
      );
    }
    const created = (body: boolean) => ({
      post: {
        ...(body ? { requestBody: { content: { 'application/json': { schema: { type: 'object' } } } } } : {}),
        responses: { '201': { description: 'ok' } },
      },
    });
    const creating = {
      '/runs/{id}/rerequest': post,
      '/me/player/previous': post,
      '/dnd.endSnooze': post,
      '/me/profile': created(true),
      '/me/feedback': created(true),
      '/me/avatar': created(true),
      '/me/banner': created(true),
    };
    assert.equal(find(inferConventions([doc(creating)]), 'post-create-201'), undefined, 'half of them send a body and answer 201: they create');
    const creations = inferConventions([doc({ '/runs/{id}/rerequest': post, '/me/player/previous': post, '/users': post, '/teams': post, '/tags': post })]);
    assert.equal(find(creations, 'post-request-body'), undefined, 'most bodiless POSTs go to collections');
    assert.equal(find(inferConventions([doc({ '/runs/{id}/rerequest': post, '/me/player/previous': post })]), 'post-request-body'), undefined, 'two');
  });

  it('post-request-body: the media type most POST bodies are sent as, when it is not JSON', () => {
    const body = (type: string) => ({ post: { requestBody: { content: { [type]: { schema: { type: 'object' } } } }, ...ok('200') } });
    const infs = inferConventions([
      doc({ '/v1/as': body('application/x-www-form-urlencoded'), '/v1/bs': body('application/x-www-form-urlencoded'), '/v1/cs': body('application/json') }),
    ]);
    assert.deepEqual(find(infs, 'post-request-body')?.options, { mediaTypes: ['application/x-www-form-urlencoded'] });
    assert.deepEqual(find(infs, 'post-request-body')?.evidence, ['POST bodies: application/x-www-form-urlencoded in 2 of 3 POSTs with a body, JSON in 1']);
    const json = inferConventions([doc({ '/v1/as': body('application/json'), '/v1/bs': body('multipart/form-data') })]);
    assert.equal(find(json, 'post-request-body'), undefined);
  });

  it('path-resource-nesting: each pair of templates at least three paths name an item by', () => {
    const paths: Ops = {};
    for (const sub of ['issues', 'pulls', 'tags', 'forks']) paths[`/repos/{owner}/{repo}/${sub}`] = { get: ok('200') };
    for (const sub of ['versions', 'restore', 'owners']) paths[`/orgs/{org}/packages/{package_type}/{package_name}/${sub}`] = { get: ok('200') };
    paths['/orgs/{org}/{team}'] = { get: ok('200') };
    const inf = find(inferConventions([doc(paths)]), 'path-resource-nesting');
    assert.deepEqual(inf?.options, { compoundIds: ['{owner}/{repo}', '{package_type}/{package_name}'] });
    assert.deepEqual(inf?.evidence, [
      'two templates in a row: {owner}/{repo} in 4 of 8 paths with a pair, {package_type}/{package_name} in 3, {org}/{team} in 1',
    ]);
    const few = inferConventions([doc({ '/repos/{owner}/{repo}': { get: ok('200') }, '/repos/{owner}/{repo}/tags': { get: ok('200') } })]);
    assert.equal(find(few, 'path-resource-nesting'), undefined, 'two paths are no convention');
  });

  it("error-schema: the properties most error bodies require, when most are none of the seed's shapes", () => {
    const failing = (schema: object) => ({
      get: { responses: { '200': { description: 'ok' }, '400': { description: 'bad', content: { 'application/json': { schema } } } } },
    });
    const own = (extra: object) => ({
      type: 'object',
      required: ['error'],
      properties: { error: { type: 'object', properties: { status: { type: 'integer' }, message: { type: 'string' } } }, ...extra },
    });
    const infs = inferConventions([
      doc({
        '/v1/as': failing(own({})),
        '/v1/bs': failing(own({ hint: { type: 'string' } })),
        '/v1/cs': failing({ type: 'object', required: ['error'], properties: { error: { type: 'string' } } }),
      }),
    ]);
    assert.deepEqual(find(infs, 'error-schema')?.options, { required: ['error'] });
    assert.deepEqual(find(infs, 'error-schema')?.evidence, [
      "error bodies: 2 of 3 distinct ones are none of the seed's shapes; of those, error is required by 2",
    ]);
    const seed = inferConventions([
      doc({ '/v1/as': failing({ type: 'object', required: ['error'], properties: { error: { type: 'string' } } }), '/v1/bs': failing(own({})) }),
    ]);
    assert.equal(find(seed, 'error-schema'), undefined, 'half are the seed shape B: no majority');
  });

  it('path-resource-nesting: top-level groups most of whose paths go on with a collection', () => {
    const get = { get: ok('200') };
    const infs = inferConventions([
      doc({ '/v1/radar/value_lists/{id}': get, '/v1/radar/reviews': get, '/v1/users/{id}': get, '/v1/users/me': get, '/v1/users': get, '/v1/me/albums': get }),
    ]);
    assert.deepEqual(find(infs, 'path-resource-nesting')?.options, { namespaces: ['radar'] });
    assert.deepEqual(find(infs, 'path-resource-nesting')?.evidence, ['top-level groups: radar (2 of 2 paths)']);
  });

  it('path-resource-nesting: a first segment that goes on with an item id has items, and is no top-level group', () => {
    const get = { get: ok('200') };
    const infs = inferConventions([
      doc({
        '/v1/Reports/BalanceSheet': get,
        '/v1/Reports/TrialBalance': get,
        '/v1/Reports/{ReportID}': get,
        '/v1/radar/reviews': get,
        '/v1/radar/rules': get,
      }),
    ]);
    assert.deepEqual(find(infs, 'path-resource-nesting')?.options, { namespaces: ['radar'] });
  });

  it('version-path-format: the format most path items write their version in', () => {
    const infs = inferConventions([doc({ '/2010-04-01/Accounts': {}, '/2010-04-01/Calls': {}, '/v1/Other': {} })]);
    assert.deepEqual(find(infs, 'version-path-format')?.options, { formats: ['date'] });
    assert.equal(find(inferConventions([doc({ '/api/v1/as': {}, '/api/v2/bs': {} })]), 'version-path-format'), undefined);
  });

  it('version-declared: the API’s own version header and query names', () => {
    const op = { get: { parameters: [{ name: 'Stripe-Version', in: 'header', schema: { type: 'string' } }], ...ok('200') } };
    assert.deepEqual(find(inferConventions([doc({ '/api/as': op })]), 'version-declared')?.options, { headers: ['Stripe-Version'] });
  });

  it('version-single-strategy: the name most operations give their version header and query parameter', () => {
    const param = (name: string, where: string) => ({ get: { parameters: [{ name, in: where, schema: { type: 'string' } }], ...ok('200') } });
    const infs = inferConventions([
      doc({
        '/as': param('Box-Version', 'header'),
        '/bs': param('Box-Version', 'header'),
        '/cs': param('API-Version', 'header'),
        '/ds': param('api-version', 'query'),
      }),
    ]);
    const inf = find(infs, 'version-single-strategy');
    assert.deepEqual(inf?.options, { headers: ['Box-Version'], query: ['api-version'] });
    assert.deepEqual(inf?.evidence, [
      'version header: Box-Version in 2 of 3 operations with a version header, API-Version in 1',
      'version query parameter: api-version in 1 of 1 operations with a version query parameter',
    ]);
    const tie = inferConventions([doc({ '/as': param('Box-Version', 'header'), '/bs': param('API-Version', 'header') })]);
    assert.equal(find(tie, 'version-single-strategy'), undefined);
  });

  it('security-scheme-conventional: the header an apiKey scheme sends the key in', () => {
    const d = doc({ '/api/as': list() }, { components: { securitySchemes: { key: { type: 'apiKey', in: 'header', name: 'X-Auth-Token' } } } });
    assert.deepEqual(find(inferConventions([d]), 'security-scheme-conventional')?.options, { headers: ['Authorization', 'X-Auth-Token'] });
  });

  it('the config text: evidence as comments above each rule, options as functionOptions, stable', () => {
    const infs = inferConventions([doc({ '/v1/users': list('per_page'), '/v1/teams': list('per_page') })]);
    const text = inferredConfigText(infs, { schema: 's.json', source: 'api.yaml' });
    assert.equal(
      text,
      inferredConfigText(inferConventions([doc({ '/v1/users': list('per_page'), '/v1/teams': list('per_page') })]), { schema: 's.json', source: 'api.yaml' }),
    );
    assert.match(text, /  # \/v1\/ starts 2 of 2 paths\n  path-api-prefix:\n    then:\n      functionOptions:\n        prefix: \/v1\n/);
    assert.match(text, /names: \{ page: page, limit: per_page, sort: sort, filter: filter \}/);
  });
});
