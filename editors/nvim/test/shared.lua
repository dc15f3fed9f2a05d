-- Shared by the Neovim tests (hover_test.lua, readme_test.lua).
local shared = {}

-- The URIs for which textDocument/publishDiagnostics arrived (the handler Neovim had still
-- runs).
shared.published = {}
local publish_handler = vim.lsp.handlers['textDocument/publishDiagnostics']
vim.lsp.handlers['textDocument/publishDiagnostics'] = function(err, result, ctx, config)
  if result and result.uri then
    shared.published[result.uri] = true
  end
  return publish_handler(err, result, ctx, config)
end

-- Stops every client (shutdown, then exit) and waits until they are gone, killing what is
-- left after `timeout_ms`: quitting at once after a forced stop let Neovim 0.12 die of
-- SIGPIPE (exit 141) on a server's closed pipe, after every check had passed.
function shared.stop_clients(timeout_ms)
  local get_clients = vim.lsp.get_clients or vim.lsp.get_active_clients
  vim.lsp.stop_client(get_clients())
  if not vim.wait(timeout_ms, function() return #get_clients() == 0 end, 50) then
    vim.lsp.stop_client(get_clients(), true)
  end
end

return shared
