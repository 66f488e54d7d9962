-- Neovim as a user has it: runs the setup that docs/lsp.md prints (its only ```lua block, read
-- from the page so that the documented setup cannot drift from the tested one), then opens a
-- dataset and a View command file and presses the keys the page names: K, gd, <C-x><C-o>.
-- What the editor then shows is written to a JSON file for test_lsp_neovim.cpp to check. Run as
--   nvim --headless --clean -u test_init.lua
-- with fexpr on the PATH and FEXPR_LSP_DOC (the page), FEXPR_LSP_ADM, FEXPR_LSP_CMD (the files),
-- FEXPR_LSP_DIR (a scratch folder) and FEXPR_LSP_OUT (the result file) set.
local out = os.getenv('FEXPR_LSP_OUT')
local result = { errors = {}, servers_started = 0 }

local function read(path)
  local f = assert(io.open(path, 'r'))
  local text = f:read('*a')
  f:close()
  return text
end

local function finish()
  local f = io.open(out, 'w')
  f:write(vim.fn.json_encode(result))
  f:close()
  vim.cmd('qall!')
end

local function keys(text, mode)
  vim.api.nvim_feedkeys(vim.api.nvim_replace_termcodes(text, true, false, true), mode, false)
end

-- The lines of the floating window that is open, or nil.
local function float_lines()
  for _, win in ipairs(vim.api.nvim_list_wins()) do
    if vim.api.nvim_win_get_config(win).relative ~= '' then
      return vim.api.nvim_buf_get_lines(vim.api.nvim_win_get_buf(win), 0, -1, false)
    end
  end
end

local function diagnostics_of(buffer)
  local list = {}
  for _, d in ipairs(vim.diagnostic.get(buffer)) do
    table.insert(list, { lnum = d.lnum, col = d.col, end_col = d.end_col, severity = d.severity, message = d.message })
  end
  return list
end

-- gd with the cursor at (row, col) (1-based row, 0-based byte column): where it lands.
local function go_to_definition(row, col)
  vim.api.nvim_win_set_cursor(0, { row, col })
  keys('gd', 'mx')
  vim.wait(10000, function() return vim.api.nvim_win_get_cursor(0)[1] ~= row end, 20)
  return vim.api.nvim_win_get_cursor(0)
end

-- Types `typed` in Insert mode and waits for the completion menu. In 0.7 the omnifunc asks the
-- server and returns at once; the answer fills the menu later, and only while Insert mode
-- lasts. So the keys are fed with '!' (Insert mode stays when they run out) and a timer reads
-- the menu, then leaves Insert mode, which ends the feedkeys call.
local function complete(typed)
  local items = {}
  local started = vim.loop.now()
  vim.fn.timer_start(20, function(timer)
    local menu = vim.fn.complete_info({ 'items' }).items
    if #menu == 0 and vim.loop.now() - started < 10000 then return end
    vim.fn.timer_stop(timer)
    for _, item in ipairs(menu) do table.insert(items, { abbr = item.abbr, word = item.word }) end
    keys('<C-e><Esc>', 'n')
  end, { ['repeat'] = -1 })
  keys(typed, 'tx!')
  return items
end

local function run()
  local adm = os.getenv('FEXPR_LSP_ADM')
  vim.cmd('edit ' .. vim.fn.fnameescape(adm))
  local adm_buffer = vim.api.nvim_get_current_buf()
  result.adm_filetype = vim.bo.filetype
  result.diagnostics_arrived = vim.wait(10000, function() return #vim.diagnostic.get(0) > 0 end, 20)
  result.diagnostics = diagnostics_of(0)

  -- K on the 7 of VARVAL(7): line 11, byte column 25 (0-based).
  vim.api.nvim_win_set_cursor(0, { 11, 25 })
  keys('K', 'mx')
  vim.wait(10000, function() return float_lines() ~= nil end, 20)
  result.hover = float_lines()
  keys('<Esc>', 'x')

  result.adm_definition = go_to_definition(11, 25)

  local cmd = os.getenv('FEXPR_LSP_CMD')
  vim.cmd('edit ' .. vim.fn.fnameescape(cmd))
  result.cmd_filetype = vim.bo.filetype
  vim.wait(10000, function() return #vim.diagnostic.get(0) > 0 end, 20)
  result.cmd_diagnostics = diagnostics_of(0)
  -- The marker's name in the function on line 7: byte column 43 is the P of its PART_2,
  -- column 50 the M of its MK.
  result.cmd_part_definition = go_to_definition(7, 43)
  result.cmd_marker_definition = go_to_definition(7, 50)

  -- A new .acf is an Adams file too, served by the same server.
  vim.cmd('edit ' .. vim.fn.fnameescape(os.getenv('FEXPR_LSP_DIR') .. '/new.acf'))
  result.acf_filetype = vim.bo.filetype
  result.acf_clients = vim.tbl_count(vim.lsp.buf_get_clients(0))

  -- Completion at the end of the SFORCE's function (line 11 of the dataset).
  vim.cmd('buffer ' .. adm_buffer)
  vim.api.nvim_win_set_cursor(0, { 11, 0 })
  result.completion = complete('A + ST<C-x><C-o>')

  local clients = vim.lsp.get_active_clients()
  result.clients = #clients
  for _, client in ipairs(clients) do vim.lsp.stop_client(client.id) end
  result.stopped = vim.wait(10000, function() return result.exit_code ~= nil end, 20)
end

local ok, failure = pcall(function()
  local blocks = {}
  for block in read(os.getenv('FEXPR_LSP_DOC')):gmatch('\n```lua\n(.-\n)```\n') do table.insert(blocks, block) end
  if #blocks ~= 1 then error('docs/lsp.md has ' .. #blocks .. ' lua blocks; the test runs the one setup') end
  -- Watches the server start (once for every buffer) and end (its exit status): it passes the
  -- page's settings on unchanged, and the page sets no on_exit of its own.
  local start_client = vim.lsp.start_client
  vim.lsp.start_client = function(config)
    result.servers_started = result.servers_started + 1
    assert(config.on_exit == nil)
    config.on_exit = function(code) result.exit_code = code end
    return start_client(config)
  end
  assert(loadstring(blocks[1], '=docs/lsp.md'))()
end)
if not ok then
  table.insert(result.errors, tostring(failure))
  finish()
end

-- The keys are pressed once Neovim has started as it does for a user (filetype detection on,
-- after the user's init), so Vim's own *.cmd rule is in place too. Nested, so that opening a
-- file runs the BufRead and FileType autocommands as it does outside an autocommand.
vim.api.nvim_create_autocmd('VimEnter', {
  once = true,
  nested = true,
  callback = function()
    local ran, err = pcall(run)
    if not ran then table.insert(result.errors, tostring(err)) end
    finish()
  end,
})
