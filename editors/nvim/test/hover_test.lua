-- Headless test of the Neovim plugin against the real server (run by run.sh):
-- for each fixture, the buffer attaches, diagnostics arrive and match the command line's, and
-- the hover on every datatype handle shows the size and extent that
-- `mpi-dtype-lint types --format json` computes.
local binary = assert(os.getenv('MPI_DTYPE_LINT'), 'MPI_DTYPE_LINT: the server binary')
local fixtures = vim.split(assert(os.getenv('FIXTURES'), 'FIXTURES: files to open'), ' ', { trimempty = true })
local timeout_ms = tonumber(os.getenv('TIMEOUT_MS') or '20000')
local verbose = (os.getenv('VERBOSE') or '') ~= ''
-- Which of the plugin's two paths this Neovim must take: 'native' (vim.lsp.config and
-- vim.lsp.enable, 0.11+) or 'fallback' (its own FileType autocommand, before 0.11).
local expected_path = os.getenv('EXPECT_LSP_PATH')

local failures = 0

local test_dir = vim.fn.fnamemodify(debug.getinfo(1, 'S').source:sub(2), ':h')
local shared = dofile(test_dir .. '/shared.lua')
-- The URIs for which diagnostics arrived.
local published = shared.published

-- Every use of a deprecated Neovim function, by the plugin or this test, fails the test (the
-- function warns only near its removal, so the calls are counted here).
local deprecated = {}
local deprecate = vim.deprecate
vim.deprecate = function(name, ...)
  table.insert(deprecated, name)
  return deprecate(name, ...)
end


local function log(message)
  io.stderr:write(message .. '\n')
end

local function fail(message)
  failures = failures + 1
  log('FAIL: ' .. message)
end

local function finish()
  shared.stop_clients(timeout_ms)
  if #deprecated > 0 then
    fail('deprecated functions used: ' .. table.concat(deprecated, ', '))
  end
  if failures > 0 then
    log(string.format('%d failure(s)', failures))
    vim.cmd('cquit')
  end
  log('nvim plugin test: all checks passed')
  vim.cmd('qall!')
end

-- Runs the command line and decodes its JSON output.
local function cli_json(arguments)
  local command = { binary }
  vim.list_extend(command, arguments)
  local output = vim.fn.system(command)
  local ok, decoded = pcall(vim.fn.json_decode, output)
  if not ok or type(decoded) ~= 'table' then
    error('cannot decode the output of ' .. table.concat(command, ' ') .. ':\n' .. output)
  end
  return decoded
end

vim.cmd('filetype on')
require('mpi_dtype_lint').setup({ cmd = { binary, 'lsp' } })

-- The client's name tells the paths apart: the name registered with vim.lsp.config, or the
-- plugin's own.
local client_name = 'mpi-dtype-lint'

-- The path setup() took, from what it left behind: a registered and enabled configuration,
-- or a FileType autocommand of its own.
local function check_path()
  local own_autocommands = #vim.api.nvim_get_autocmds({ group = 'mpi_dtype_lint', event = 'FileType' })
  local taken
  if vim.lsp.config ~= nil then
    local registered = vim.lsp.config['mpi_dtype_lint']
    if not (registered and registered.cmd and registered.cmd[1] == binary) then
      fail('vim.lsp.config exists but setup() registered no mpi_dtype_lint configuration with the test binary')
    end
    if vim.lsp.is_enabled and not vim.lsp.is_enabled('mpi_dtype_lint') then
      fail('vim.lsp.config exists but mpi_dtype_lint is not enabled')
    end
    if own_autocommands ~= 0 then
      fail('vim.lsp.config exists but setup() also made its own FileType autocommand')
    end
    taken = 'native'
    client_name = 'mpi_dtype_lint'
  else
    if own_autocommands == 0 then
      fail('no vim.lsp.config, and setup() made no FileType autocommand')
    end
    taken = 'fallback'
  end
  local version = vim.version()
  log(string.format('Neovim %d.%d.%d: plugin path %s', version.major, version.minor, version.patch, taken))
  if expected_path and expected_path ~= taken then
    fail(string.format('plugin path %s, EXPECT_LSP_PATH=%s', taken, expected_path))
  end
end
check_path()

local function hover_text(result)
  local contents = result and result.contents
  if contents == nil then
    return ''
  end
  if type(contents) == 'string' then
    return contents
  end
  if contents.value then
    return contents.value
  end
  local parts = {}
  for _, part in ipairs(contents) do
    table.insert(parts, type(part) == 'string' and part or part.value or '')
  end
  return table.concat(parts, '\n')
end

-- The first whole-word occurrence of `name` at or after 1-based line `first_line`:
-- (0-based line, 0-based column); the handle may sit on a continuation line.
local function find_handle(bufnr, name, first_line)
  local lines = vim.api.nvim_buf_get_lines(bufnr, first_line - 1, first_line + 5, false)
  for offset, text in ipairs(lines) do
    local column = text:find('%f[%w_]' .. name .. '%f[^%w_]')
    if column then
      return first_line - 2 + offset, column - 1
    end
  end
  return nil
end

-- "size 800" / "extent: **79208**": the label, then no letters or digits, then the number.
local function shows_value(text, label, value)
  return text:find(label .. '[^%w]*' .. tostring(value) .. '%f[^%d]') ~= nil
end

local function diagnostics_summary(items)
  local summary = {}
  for _, item in ipairs(items) do
    table.insert(summary, item)
  end
  table.sort(summary)
  return table.concat(summary, ', ')
end

local function check_fixture(path)
  log('fixture ' .. path)
  local expected_types = cli_json({ 'types', '--format', 'json', path }).types
  local expected_lint = cli_json({ '--format', 'json', path }).diagnostics

  vim.cmd('edit ' .. vim.fn.fnameescape(path))
  local bufnr = vim.api.nvim_get_current_buf()
  local uri = vim.uri_from_bufnr(bufnr)

  local attached = vim.wait(timeout_ms, function()
    local clients = vim.lsp.get_clients and vim.lsp.get_clients({ bufnr = bufnr })
      or vim.lsp.buf_get_clients(bufnr)
    for _, client in pairs(clients) do
      if client.name == client_name and client.initialized ~= false then
        return true
      end
    end
    return false
  end, 50)
  if not attached then
    fail(path .. ': no mpi-dtype-lint client attached (filetype ' .. vim.bo[bufnr].filetype .. ')')
    return
  end

  if not vim.wait(timeout_ms, function() return published[uri] end, 50) then
    fail(path .. ': no diagnostics published')
  else
    local expected, got = {}, {}
    for _, d in ipairs(expected_lint) do
      table.insert(expected, string.format('%d:%s', d.line, d.rule))
    end
    for _, d in ipairs(vim.diagnostic.get(bufnr)) do
      table.insert(got, string.format('%d:%s', d.lnum + 1, tostring(d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code))))
    end
    if diagnostics_summary(expected) ~= diagnostics_summary(got) then
      fail(string.format('%s: diagnostics [%s], the command line reports [%s]', path, diagnostics_summary(got), diagnostics_summary(expected)))
    else
      log(string.format('  diagnostics as on the command line: [%s]', diagnostics_summary(got)))
    end
  end

  local checked = 0
  for _, entry in ipairs(expected_types) do
    if entry.size ~= vim.NIL and entry.extent ~= vim.NIL then
      local line, column = find_handle(bufnr, entry.name, entry.line)
      if not line then
        fail(string.format('%s:%d: handle %s not found in the text', path, entry.line, entry.name))
      else
        local params = {
          textDocument = { uri = uri },
          position = { line = line, character = column },
        }
        local responses = vim.lsp.buf_request_sync(bufnr, 'textDocument/hover', params, timeout_ms)
        local text = ''
        for _, response in pairs(responses or {}) do
          if response.result then
            text = text .. hover_text(response.result)
          end
        end
        local where = string.format('%s:%d:%d hover on %s', path, line + 1, column + 1, entry.name)
        if not shows_value(text, 'size', entry.size) or not shows_value(text, 'extent', entry.extent) then
          fail(string.format('%s: expected size %s and extent %s in:\n%s', where, tostring(entry.size), tostring(entry.extent), text))
        else
          log(string.format('  %s: size %s, extent %s', where, tostring(entry.size), tostring(entry.extent)))
          if verbose then
            log(text)
          end
          checked = checked + 1
        end
      end
    end
  end
  if checked == 0 then
    fail(path .. ': no datatype with known size and extent to hover')
  end
end

for _, path in ipairs(fixtures) do
  local ok, message = pcall(check_fixture, path)
  if not ok then
    fail(path .. ': ' .. tostring(message))
  end
end

-- The server processes this Neovim runs.
local function servers()
  local found = vim.fn.systemlist({ 'pgrep', '-P', tostring(vim.fn.getpid()), '-f', 'mpi-dtype-lint' })
  return vim.v.shell_error == 0 and #found or 0
end

-- A restart stops the old servers (shutdown, then exit with their input still open) before it
-- starts new ones: no old server may be left running beside them.
local function check_restart()
  local before = servers()
  if before == 0 then
    fail('restart: no server running before it')
    return
  end
  require('mpi_dtype_lint').restart()
  local settled = vim.wait(timeout_ms, function() return servers() == before end, 50)
  if not settled then
    fail(string.format('restart: %d servers running, %d before it: the old ones did not exit', servers(), before))
  else
    log(string.format('  restart: %d server(s) before and after', before))
  end
end
check_restart()
finish()
