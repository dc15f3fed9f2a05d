-- Headless Neovim (0.7 API): open a file, start mpi-dtype-lint's language server on it, wait
-- for its diagnostics, request a hover, and write what the hover window would show to a file.
-- Inputs come from the environment: E2E_SERVER, E2E_FILE, E2E_LINE, E2E_COLUMN (0-based,
-- UTF-16), E2E_OUT.

local out = os.getenv('E2E_OUT')

local function finish(lines, failed)
  vim.fn.writefile(lines, out)
  vim.cmd(failed and 'cquit!' or 'qall!')
end

local file = os.getenv('E2E_FILE')
vim.cmd('edit ' .. vim.fn.fnameescape(file))
local bufnr = vim.api.nvim_get_current_buf()

local published = false
local client_id = vim.lsp.start_client({
  name = 'mpi-dtype-lint',
  cmd = { os.getenv('E2E_SERVER'), 'lsp' },
  root_dir = vim.fn.fnamemodify(file, ':p:h'),
  handlers = {
    ['textDocument/publishDiagnostics'] = function(err, result, ctx, config)
      vim.lsp.diagnostic.on_publish_diagnostics(err, result, ctx, config)
      published = true
    end,
  },
})
if not client_id then
  return finish({ 'ERROR: the server did not start' }, true)
end
vim.lsp.buf_attach_client(bufnr, client_id)

if not vim.wait(60000, function() return published end, 50) then
  return finish({ 'ERROR: no diagnostics published' }, true)
end

local client = vim.lsp.get_client_by_id(client_id)
local params = {
  textDocument = { uri = vim.uri_from_bufnr(bufnr) },
  position = { line = tonumber(os.getenv('E2E_LINE')), character = tonumber(os.getenv('E2E_COLUMN')) },
}
local response = client.request_sync('textDocument/hover', params, 60000, bufnr)
if not response or response.err or not response.result then
  return finish({ 'ERROR: hover failed: ' .. vim.inspect(response) }, true)
end

-- What vim.lsp.buf.hover() puts in its window.
local lines = vim.lsp.util.convert_input_to_markdown_lines(response.result.contents)
lines = vim.lsp.util.trim_empty_lines(lines)
table.insert(lines, 1, 'diagnostics: ' .. #vim.diagnostic.get(bufnr))
finish(lines, false)
