-- Runs a Lua block of editors/nvim/README.md as a user's init would, then opens each fixture:
-- a server started by the block attaches, and its diagnostics equal the command line's.
-- Run by server/tests/editors.rs (neovim_readme_lua_runs), `mpi-dtype-lint` on PATH.
--   SNIPPET   the Lua file to run
--   FIXTURES  space-separated files to open; empty: the block must only run without error
local snippet = assert(os.getenv('SNIPPET'), 'SNIPPET: the Lua block to run')
local fixtures = vim.split(os.getenv('FIXTURES') or '', ' ', { trimempty = true })
local timeout_ms = 20000
-- The plugin's client on Neovim 0.11+ and the plain configuration: the registered name; the
-- plugin's client before 0.11: its own.
local client_names = { mpi_dtype_lint = true, ['mpi-dtype-lint'] = true }

local failures = 0
local function fail(message)
  failures = failures + 1
  io.stderr:write('FAIL: ' .. message .. '\n')
end

local test_dir = vim.fn.fnamemodify(debug.getinfo(1, 'S').source:sub(2), ':h')
local shared = dofile(test_dir .. '/shared.lua')
local published = shared.published

vim.cmd('filetype on')
dofile(snippet)

local function summary(items)
  table.sort(items)
  return table.concat(items, ', ')
end

for _, path in ipairs(fixtures) do
  vim.cmd('edit ' .. vim.fn.fnameescape(path))
  local bufnr = vim.api.nvim_get_current_buf()
  local attached = vim.wait(timeout_ms, function()
    local clients = vim.lsp.get_clients and vim.lsp.get_clients({ bufnr = bufnr }) or vim.lsp.buf_get_clients(bufnr)
    for _, client in pairs(clients) do
      if client_names[client.name] then
        return true
      end
    end
    return false
  end, 50)
  local uri = vim.uri_from_bufnr(bufnr)
  if not attached then
    fail(path .. ': no mpi-dtype-lint client attached (filetype ' .. vim.bo[bufnr].filetype .. ')')
  elseif not vim.wait(timeout_ms, function() return published[uri] end, 50) then
    fail(path .. ': no diagnostics published')
  else
    local expected, got = {}, {}
    for _, d in ipairs(vim.fn.json_decode(vim.fn.system({ 'mpi-dtype-lint', '--format', 'json', path })).diagnostics) do
      table.insert(expected, string.format('%d:%s', d.line, d.rule))
    end
    for _, d in ipairs(vim.diagnostic.get(bufnr)) do
      table.insert(got, string.format('%d:%s', d.lnum + 1, tostring(d.code)))
    end
    if summary(expected) ~= summary(got) then
      fail(string.format('%s: diagnostics [%s], the command line reports [%s]', path, summary(got), summary(expected)))
    else
      io.stderr:write(string.format('%s: attached, diagnostics as on the command line: [%s]\n', path, summary(got)))
    end
  end
end

shared.stop_clients(timeout_ms)
vim.cmd(failures > 0 and 'cquit' or 'qall!')
