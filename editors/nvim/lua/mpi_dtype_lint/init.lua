-- mpi-dtype-lint for Neovim: starts `mpi-dtype-lint lsp` for C and Fortran buffers, one client
-- per project root. Needs no other plugin. On Neovim 0.11+ it registers the server with
-- vim.lsp.config and vim.lsp.enable; before, it attaches buffers itself on FileType, with
-- vim.lsp.start (0.8+) or vim.lsp.start_client (0.7).
local M = {}

local defaults = {
  -- The server command; the first element is the executable (a name on PATH or a path).
  cmd = { 'mpi-dtype-lint', 'lsp' },
  -- 'cpp' only for `.h` headers, which Neovim opens as C++: they are analysed as C.
  filetypes = { 'c', 'cpp', 'fortran' },
  -- The nearest directory holding one of these is the project root, in this order of preference.
  root_markers = { '.mpi-dtype-lint.toml', 'compile_commands.json', '.git' },
  -- Sent as initializationOptions and workspace/didChangeConfiguration:
  -- { target = 'i686-linux-gnu', mpi = 'mpich', select = { ... }, ignore = { ... } }.
  -- Unset keys fall back to the project's .mpi-dtype-lint.toml.
  settings = {},
  on_attach = nil,
  capabilities = nil,
  autostart = true,
}

local options = vim.deepcopy(defaults)
local client_ids = {} -- root directory -> client id (Neovim 0.7 path only)
local reported_missing = false
local augroup = nil

-- vim.loop is the old name of vim.uv (0.10+).
local uv = vim.uv or vim.loop
-- Client methods take `self` from Neovim 0.11 on (client:stop()); before, they do not.
local methods_take_self = vim.fn.has('nvim-0.11') == 1

local function call(client, method, ...)
  if methods_take_self then
    return client[method](client, ...)
  end
  return client[method](...)
end
local separator = package.config:sub(1, 1)

local function exists(path)
  return uv.fs_stat(path) ~= nil
end

local function parent(directory)
  local up = vim.fn.fnamemodify(directory, ':h')
  if up == directory then
    return nil
  end
  return up
end

--- The project root of `path`: for each marker in order, the nearest directory above the file
--- that holds it; else the file's own directory.
function M.find_root(path)
  local start = vim.fn.fnamemodify(path, ':p:h')
  for _, marker in ipairs(options.root_markers) do
    local directory = start
    while directory do
      if exists(directory .. separator .. marker) then
        return directory
      end
      directory = parent(directory)
    end
  end
  return start
end

-- Settings as the server reads them; an empty table must go out as a JSON object, not [].
local function server_settings()
  if next(options.settings) == nil then
    return vim.empty_dict()
  end
  return options.settings
end

local function executable_found()
  local program = options.cmd[1]
  if vim.fn.executable(program) == 1 then
    return true
  end
  if not reported_missing then
    reported_missing = true
    vim.notify(
      string.format(
        "mpi-dtype-lint: cannot start the language server: '%s' is not an executable "
          .. "(not found on PATH). Install it, or pass its path: "
          .. "require('mpi_dtype_lint').setup({ cmd = { '/path/to/mpi-dtype-lint', 'lsp' } })",
        program
      ),
      vim.log.levels.ERROR
    )
  end
  return false
end

-- The name of the configuration vim.lsp.config registers (Neovim 0.11+).
local config_name = 'mpi_dtype_lint'
-- Neovim 0.11+: vim.lsp.config and vim.lsp.enable start and reuse the clients.
local native = vim.lsp.config ~= nil and vim.lsp.enable ~= nil

local function client_config(root)
  local config = {
    -- The registered name on 0.11+, so that attaching by hand reuses the enabled client.
    name = native and config_name or 'mpi-dtype-lint',
    cmd = options.cmd,
    root_dir = root,
    init_options = server_settings(),
    on_attach = options.on_attach,
  }
  if root then
    config.workspace_folders = {
      { uri = vim.uri_from_fname(root), name = root },
    }
  end
  if next(options.settings) ~= nil then
    -- Sent as workspace/didChangeConfiguration once initialised.
    config.settings = { ['mpi-dtype-lint'] = options.settings }
  end
  if options.capabilities then
    config.capabilities = options.capabilities
  end
  return config
end

local function is_running(client_id)
  local client = client_id and vim.lsp.get_client_by_id(client_id)
  return client ~= nil and not call(client, 'is_stopped')
end

-- The project root of a buffer to attach, or nil: not a file, the server not found, or a C++
-- buffer other than a `.h` header.
local function root_of(bufnr)
  local name = vim.api.nvim_buf_get_name(bufnr)
  if name == '' or vim.bo[bufnr].buftype ~= '' or not executable_found() then
    return nil
  end
  if vim.bo[bufnr].filetype == 'cpp' and not name:match('%.h$') then
    return nil
  end
  return M.find_root(name)
end

-- The configuration for vim.lsp.config: the root is decided per buffer, and a buffer without
-- one is not attached.
local function native_config()
  local config = client_config(nil)
  config.root_dir = function(bufnr, on_dir)
    local root = root_of(bufnr)
    if root then
      on_dir(root)
    end
  end
  config.filetypes = options.filetypes
  return config
end

--- Attaches buffer `bufnr` to the server of its project, starting the server when needed.
function M.attach(bufnr)
  bufnr = (bufnr == nil or bufnr == 0) and vim.api.nvim_get_current_buf() or bufnr
  local root = root_of(bufnr)
  if not root then
    return
  end
  local config = client_config(root)
  if vim.lsp.start then
    -- Reuses the client with the same name and root directory.
    return vim.lsp.start(config, { bufnr = bufnr })
  end
  local client_id = client_ids[root]
  if not is_running(client_id) then
    client_id = vim.lsp.start_client(config)
    if not client_id then
      return
    end
    client_ids[root] = client_id
  end
  vim.lsp.buf_attach_client(bufnr, client_id)
  return client_id
end

local function our_clients()
  local found = {}
  local get_clients = vim.lsp.get_clients or vim.lsp.get_active_clients
  for _, client in pairs(get_clients()) do
    if client.name == 'mpi-dtype-lint' or client.name == config_name then
      table.insert(found, client)
    end
  end
  return found
end

--- Replaces the settings and sends them to the running servers (no restart needed).
function M.update_settings(settings)
  options.settings = settings or {}
  for _, client in ipairs(our_clients()) do
    call(client, 'notify', 'workspace/didChangeConfiguration', { settings = server_settings() })
  end
end

local function matching_buffers()
  local wanted = {}
  for _, filetype in ipairs(options.filetypes) do
    wanted[filetype] = true
  end
  local buffers = {}
  for _, bufnr in ipairs(vim.api.nvim_list_bufs()) do
    if vim.api.nvim_buf_is_loaded(bufnr) and wanted[vim.bo[bufnr].filetype] then
      table.insert(buffers, bufnr)
    end
  end
  return buffers
end

--- Stops every mpi-dtype-lint client, then attaches the C and Fortran buffers again.
function M.restart()
  local clients = our_clients()
  for _, client in ipairs(clients) do
    call(client, 'stop')
  end
  client_ids = {}
  reported_missing = false
  local buffers = matching_buffers()
  -- Give the old clients a moment to exit before new ones start.
  vim.wait(2000, function()
    for _, client in ipairs(clients) do
      if not call(client, 'is_stopped') then
        return false
      end
    end
    return true
  end, 50)
  for _, bufnr in ipairs(buffers) do
    M.attach(bufnr)
  end
end

function M.setup(user_options)
  user_options = user_options or {}
  options = vim.tbl_deep_extend('force', vim.deepcopy(defaults), user_options)
  -- Lists replace the defaults instead of merging with them index by index.
  for _, key in ipairs({ 'cmd', 'filetypes', 'root_markers' }) do
    if user_options[key] ~= nil then
      options[key] = user_options[key]
    end
  end
  if user_options.settings ~= nil then
    options.settings = user_options.settings
  end
  reported_missing = false
  augroup = vim.api.nvim_create_augroup('mpi_dtype_lint', { clear = true })
  if native then
    vim.lsp.config(config_name, native_config())
    vim.lsp.enable(config_name, options.autostart)
  elseif options.autostart then
    vim.api.nvim_create_autocmd('FileType', {
      group = augroup,
      pattern = options.filetypes,
      callback = function(event)
        M.attach(event.buf)
      end,
      desc = 'Start mpi-dtype-lint for C and Fortran buffers',
    })
    -- Buffers opened before setup() ran.
    for _, bufnr in ipairs(matching_buffers()) do
      M.attach(bufnr)
    end
  end
  vim.api.nvim_create_user_command('MpiDtypeLintRestart', M.restart, {
    desc = 'Restart the mpi-dtype-lint language server',
  })
end

return M
