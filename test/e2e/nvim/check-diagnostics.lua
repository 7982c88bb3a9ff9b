-- Headless Neovim: waits until the apiconv diagnostics of EXPECT ("code:line,…", 1-based) are on the current
-- buffer, whatever started the client (the user configs of editors/nvim/, loaded as init.lua). Exit 0 / 1.
local timeout = tonumber(os.getenv('LSP_TIMEOUT_MS') or '30000')
local expect = os.getenv('EXPECT') or ''
local out = function(s) io.stdout:write(s .. '\n') end
local bufnr = vim.api.nvim_get_current_buf()
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
local ok = vim.wait(timeout, all_there, 50)
local get = vim.lsp.get_clients or vim.lsp.get_active_clients
local names = {}
for _, c in ipairs(get({ bufnr = bufnr })) do table.insert(names, c.name) end
out('filetype: ' .. vim.bo[bufnr].filetype .. ', clients: ' .. table.concat(names, ','))
local diags = vim.diagnostic.get(bufnr)
out(('diagnostics: %d'):format(#diags))
for _, w in ipairs(wanted) do if not has(diags, w) then out('missing: ' .. w.code .. ' at line ' .. w.line) end end
out(ok and 'PASS' or 'FAIL')
vim.cmd(ok and 'qall!' or 'cquit 1')
