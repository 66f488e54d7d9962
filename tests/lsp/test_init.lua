-- Neovim's own LSP client (0.7: vim.lsp.start_client) against `fexpr lsp`: opens a dataset,
-- waits for the published diagnostics, asks for a hover and writes what the editor holds to a
-- JSON file for test_lsp_neovim.cpp to check. Run as
--   nvim --headless --clean -u test_init.lua
-- with FEXPR_BINARY, FEXPR_LSP_FILE (the dataset) and FEXPR_LSP_OUT (the result file) set.
local binary = os.getenv('FEXPR_BINARY')
local file = os.getenv('FEXPR_LSP_FILE')
local out = os.getenv('FEXPR_LSP_OUT')
local result = { errors = {} }

local function finish()
  local f = io.open(out, 'w')
  f:write(vim.fn.json_encode(result))
  f:close()
  vim.cmd('qall!')
end

local ok, failure = pcall(function()
  vim.cmd('edit ' .. vim.fn.fnameescape(file))
  local client_id = vim.lsp.start_client({
    name = 'fexpr',
    cmd = { binary, 'lsp' },
    root_dir = vim.fn.fnamemodify(file, ':h'),
    on_exit = function(code) result.exit_code = code end,
  })
  if not client_id then error('vim.lsp.start_client failed') end
  vim.lsp.buf_attach_client(0, client_id)

  result.diagnostics_arrived = vim.wait(10000, function() return #vim.diagnostic.get(0) > 0 end, 20)
  result.diagnostics = {}
  for _, d in ipairs(vim.diagnostic.get(0)) do
    table.insert(result.diagnostics, { lnum = d.lnum, col = d.col, end_col = d.end_col,
                                       severity = d.severity, message = d.message })
  end

  -- The 7 of VARVAL(7) on line 11 (1-based), byte column 26 (0-based 25).
  local hover = vim.lsp.buf_request_sync(0, 'textDocument/hover', {
    textDocument = { uri = vim.uri_from_bufnr(0) },
    position = { line = 10, character = 25 },
  }, 10000)
  if hover and hover[client_id] and hover[client_id].result then
    result.hover = hover[client_id].result.contents.value
  end

  vim.lsp.stop_client(client_id)
  result.stopped = vim.wait(10000, function() return result.exit_code ~= nil end, 20)
end)
if not ok then table.insert(result.errors, tostring(failure)) end
finish()
