-- apiconv in Neovim 0.11+ (`vim.lsp.config`): put this file at ~/.config/nvim/lsp/apiconv.lua and add
-- `vim.lsp.enable('apiconv')` to init.lua. Needs `apiconv-language-server` on the PATH (npm install -g apiconv).
-- The server lints YAML/JSON buffers that are OpenAPI documents and leaves the others alone.
return {
  cmd = { 'apiconv-language-server', '--stdio' },
  filetypes = { 'yaml', 'json' },
  root_markers = { '.apiconv.yaml', '.apiconv.yml', '.apiconv.json', '.spectral.yaml', '.git' },
  -- Settings: the keys of the VS Code extension, under `apiconv` (see the README).
  settings = { apiconv = { run = 'onType', allowRemoteRefs = false } },
}
