-- Headless Neovim (0.7+, built-in LSP client): references and rename of a schema used across three files.
-- Usage (run-refs.sh): nvim --headless --clean -c 'luafile refs-test.lua' api.yaml, in a copy of test/fixtures/refs.
-- Env: APICONV_SERVER (server/out/server.js), LSP_TIMEOUT_MS (default 30000).
local server = os.getenv('APICONV_SERVER') or 'server.js'
local timeout = tonumber(os.getenv('LSP_TIMEOUT_MS') or '30000')
local out = function(s) io.stdout:write(s .. '\n') end
local fail = function(s) out('FAIL: ' .. s); vim.cmd('cquit 1') end

local bufnr = vim.api.nvim_get_current_buf()
local client_id = vim.lsp.start_client({ name = 'apiconv', cmd = { 'node', server, '--stdio' }, root_dir = vim.fn.getcwd() })
if not client_id then fail('could not start client') end
vim.lsp.buf_attach_client(bufnr, client_id)
-- The first lint's diagnostics: the server has the document.
vim.wait(timeout, function() return #vim.diagnostic.get(bufnr) > 0 end, 50)

-- The cursor on the key of the schema Pet.
local line = vim.fn.search('^    Pet:$') - 1
local params = { textDocument = { uri = vim.uri_from_bufnr(bufnr) }, position = { line = line, character = 5 } }

params.context = { includeDeclaration = true }
local res = vim.lsp.buf_request_sync(bufnr, 'textDocument/references', params, timeout)
local files, count = {}, 0
for _, r in pairs(res or {}) do
  for _, loc in ipairs(r.result or {}) do
    count = count + 1
    files[vim.fn.fnamemodify(vim.uri_to_fname(loc.uri), ':t')] = true
  end
end
out(('references: %d'):format(count))
if count ~= 6 or not (files['api.yaml'] and files['pet.yaml'] and files['schemas.yaml']) then fail('expected 6 references in api.yaml, pet.yaml and schemas.yaml') end

params.context = nil
params.newName = 'Animal'
res = vim.lsp.buf_request_sync(bufnr, 'textDocument/rename', params, timeout)
local edit
for _, r in pairs(res or {}) do edit = edit or r.result end
if not edit then fail('no rename edit') end
vim.lsp.util.apply_workspace_edit(edit, 'utf-16')
vim.cmd('wall')
local text = table.concat(vim.api.nvim_buf_get_lines(bufnr, 0, -1, false), '\n')
if not text:find('\n    Animal:\n', 1, true) or text:find('schemas/Pet', 1, true) then fail('api.yaml not renamed') end
out('rename: applied and written')

-- A name that is taken is refused with the reason.
params.newName = 'Owner'
res = vim.lsp.buf_request_sync(bufnr, 'textDocument/rename', params, timeout)
local refused = false
for _, r in pairs(res or {}) do
  -- Neovim 0.7 names the error `error`, later versions `err`.
  local e = r.err or r.error
  if e and tostring(e.message):find('already exists', 1, true) then refused = true end
end
if not refused then fail('the rename onto Owner was not refused') end
out('rename onto a taken name: refused')

vim.lsp.stop_client(client_id)
vim.wait(2000, function() return vim.lsp.get_client_by_id(client_id) == nil end, 20)
out('PASS')
vim.cmd('qall!')
