-- Shared by the Neovim tests: records the URIs for which textDocument/publishDiagnostics
-- arrived (the handler Neovim had still runs). Returns the table, keyed by URI.
local published = {}
local publish_handler = vim.lsp.handlers['textDocument/publishDiagnostics']
vim.lsp.handlers['textDocument/publishDiagnostics'] = function(err, result, ctx, config)
  if result and result.uri then
    published[result.uri] = true
  end
  return publish_handler(err, result, ctx, config)
end
return published
