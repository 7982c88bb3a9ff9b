-- Headless Neovim (0.7+, built-in LSP client) end-to-end check of the apiconv language server.
-- Usage: nvim --headless --clean -c 'luafile lsp-test.lua' api.yaml
-- Env: APICONV_SERVER (server/out/server.js), LSP_TIMEOUT_MS (default 30000),
--      EXPECT: "code:line,code:line" (1-based lines) that must be among the diagnostics.
local server = os.getenv('APICONV_SERVER') or 'server.js'
local timeout = tonumber(os.getenv('LSP_TIMEOUT_MS') or '30000')
local expect = os.getenv('EXPECT') or ''
local out = function(s) io.stdout:write(s .. '\n') end

local bufnr = vim.api.nvim_get_current_buf()
out('buffer: ' .. vim.api.nvim_buf_get_name(bufnr))
local client_id = vim.lsp.start_client({
  name = 'apiconv',
  cmd = { 'node', server, '--stdio' },
  root_dir = vim.fn.getcwd(),
  on_exit = function(code, signal) out(('server exited code=%s signal=%s'):format(code, signal)) end,
})
if not client_id then out('FAIL: could not start client'); vim.cmd('cquit 1') end
vim.lsp.buf_attach_client(bufnr, client_id)

local wanted = {}
for item in expect:gmatch('[^,]+') do
  local code, line = item:match('^%s*(.-):(%d+)%s*$')
  table.insert(wanted, { code = code, line = tonumber(line) })
end
local function has(diags, w)
  for _, d in ipairs(diags) do
    if tostring(d.code) == w.code and d.lnum + 1 == w.line and d.source == 'apiconv' then return true end
  end
  return false
end
local function all_there()
  local diags = vim.diagnostic.get(bufnr)
  if #diags == 0 then return false end
  for _, w in ipairs(wanted) do if not has(diags, w) then return false end end
  return true
end

local t0 = vim.loop.hrtime()
local ok = vim.wait(timeout, all_there, 50)
local diags = vim.diagnostic.get(bufnr)
out(('diagnostics after %.0f ms: %d'):format((vim.loop.hrtime() - t0) / 1e6, #diags))
for _, d in ipairs(diags) do
  out(('  %d:%d severity=%s source=%s code=%s %s'):format(d.lnum + 1, d.col + 1, d.severity, d.source, tostring(d.code), d.message))
end
for _, w in ipairs(wanted) do if not has(diags, w) then out('missing: ' .. w.code .. ' at line ' .. w.line) end end

-- Hover on the first expected finding shows the rule docs.
if ok and wanted[1] then
  local params = { textDocument = { uri = vim.uri_from_bufnr(bufnr) }, position = { line = wanted[1].line - 1, character = 0 } }
  for _, d in ipairs(diags) do
    if tostring(d.code) == wanted[1].code then params.position = { line = d.lnum, character = d.col } break end
  end
  local res = vim.lsp.buf_request_sync(bufnr, 'textDocument/hover', params, 10000)
  local text = ''
  for _, r in pairs(res or {}) do
    if r.result and r.result.contents then text = text .. (r.result.contents.value or '') end
  end
  if text:find(wanted[1].code, 1, true) then out('hover: rule docs shown') else out('FAIL: hover without the docs of ' .. wanted[1].code); ok = false end
end

vim.lsp.stop_client(client_id)
vim.wait(2000, function() return vim.lsp.get_client_by_id(client_id) == nil end, 20)
if ok then out('PASS'); vim.cmd('qall!') else out('FAIL'); vim.cmd('cquit 1') end
