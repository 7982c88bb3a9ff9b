-- apiconv in Neovim 0.7 to 0.10 (built-in LSP client, no plugin): put this file in your config (for example
-- ~/.config/nvim/lua/apiconv.lua, then `require('apiconv')` in init.lua). Needs `apiconv-language-server` on
-- the PATH (npm install -g apiconv). The server lints YAML/JSON buffers that are OpenAPI documents (a top-level
-- openapi:/swagger: key) and leaves the others alone.
local function root_dir(bufnr)
  local file = vim.api.nvim_buf_get_name(bufnr)
  local markers = { '.apiconv.yaml', '.apiconv.yml', '.apiconv.json', '.spectral.yaml', '.git' }
  local dir = vim.fn.fnamemodify(file, ':p:h')
  while dir ~= '' do
    for _, m in ipairs(markers) do
      if vim.loop.fs_stat(dir .. '/' .. m) then return dir end
    end
    local parent = vim.fn.fnamemodify(dir, ':h')
    if parent == dir then break end
    dir = parent
  end
  return vim.fn.getcwd()
end

local clients = {}
vim.api.nvim_create_autocmd('FileType', {
  pattern = { 'yaml', 'json' },
  callback = function(args)
    local root = root_dir(args.buf)
    if not clients[root] then
      clients[root] = vim.lsp.start_client({
        name = 'apiconv',
        cmd = { 'apiconv-language-server', '--stdio' },
        root_dir = root,
        -- Settings: the keys of the VS Code extension, under `apiconv` (see the README).
        settings = { apiconv = { run = 'onType', allowRemoteRefs = false } },
      })
    end
    if clients[root] then vim.lsp.buf_attach_client(args.buf, clients[root]) end
  end,
})
