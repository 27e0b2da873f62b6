-- Headless Neovim drives tutorial-check's language server with its built-in LSP client: open a tutorial,
-- read the pushed diagnostics, apply the quick fix through Neovim's own workspace-edit code, and wait for
-- the diagnostics to clear. Writes a JSON report to $NVIM_SMOKE_REPORT and exits 0 on success.
local binary = os.getenv("TUTORIAL_CHECK")
local document = os.getenv("NVIM_SMOKE_DOCUMENT")
local report_path = os.getenv("NVIM_SMOKE_REPORT")
local report = { steps = {} }

local function finish(ok, reason)
  report.ok = ok
  report.reason = reason
  local file = io.open(report_path, "w")
  file:write(vim.fn.json_encode(report))
  file:close()
  vim.cmd(ok and "qall!" or "cquit!")
end

local function step(name) table.insert(report.steps, name) end

local function code_of(diagnostic)
  if diagnostic.code then return diagnostic.code end
  local lsp = diagnostic.user_data and diagnostic.user_data.lsp
  return lsp and lsp.code
end

local function wiring(bufnr)
  local found = {}
  for _, diagnostic in ipairs(vim.diagnostic.get(bufnr)) do
    if code_of(diagnostic) == "coordinator-not-wired" then table.insert(found, diagnostic) end
  end
  return found
end

local ok, failure = pcall(function()
  vim.cmd("edit " .. vim.fn.fnameescape(document))
  local bufnr = vim.api.nvim_get_current_buf()
  vim.bo[bufnr].filetype = "markdown"
  local client_id = vim.lsp.start_client({
    name = "tutorial-check",
    cmd = { binary, "lsp" },
    root_dir = vim.fn.fnamemodify(document, ":h"),
  })
  assert(client_id, "the server did not start")
  vim.lsp.buf_attach_client(bufnr, client_id)
  local client = vim.lsp.get_client_by_id(client_id)
  step("started")

  assert(vim.wait(20000, function() return #wiring(bufnr) > 0 end, 50), "no coordinator-not-wired diagnostic arrived")
  local diagnostic = wiring(bufnr)[1]
  report.diagnostic = { line = diagnostic.lnum, message = diagnostic.message, count = #wiring(bufnr) }
  step("diagnostic")

  -- Neovim 0.7 keeps only part of the LSP diagnostic in user_data: rebuild it from the fields it shows.
  local lsp_diagnostic = {
    range = {
      start = { line = diagnostic.lnum, character = diagnostic.col },
      ["end"] = { line = diagnostic.end_lnum, character = diagnostic.end_col },
    },
    message = diagnostic.message, code = code_of(diagnostic), severity = diagnostic.severity,
    source = diagnostic.source,
  }
  local params = {
    textDocument = vim.lsp.util.make_text_document_params(bufnr),
    range = lsp_diagnostic.range,
    context = { diagnostics = { lsp_diagnostic } },
  }
  local response = client.request_sync("textDocument/codeAction", params, 10000, bufnr)
  assert(response and response.result, "no code action response: " .. vim.inspect(response))
  local action = response.result[1]
  assert(action and action.edit, "no quick fix offered")
  report.action = action.title
  vim.lsp.util.apply_workspace_edit(action.edit, client.offset_encoding or "utf-16")
  step("applied")

  local lines = vim.api.nvim_buf_get_lines(bufnr, 0, -1, false)
  local inserted = 0
  for _, line in ipairs(lines) do
    if line == "        pageViewController.delegate = context.coordinator" then inserted = inserted + 1 end
  end
  report.inserted = inserted
  assert(inserted == 3, "expected the delegate line in 3 steps, found " .. inserted)

  assert(vim.wait(20000, function() return #wiring(bufnr) == 0 end, 50), "the diagnostic did not clear after the fix")
  step("cleared")

  local hover = client.request_sync("textDocument/hover", {
    textDocument = vim.lsp.util.make_text_document_params(bufnr),
    position = { line = 7, character = 4 },
  }, 10000, bufnr)
  report.hover = hover and hover.result and hover.result.contents.value or nil
  step("hover")
  client.stop()
  vim.wait(5000, function() return client.is_stopped() end, 50)
end)

if ok then finish(true) else finish(false, tostring(failure)) end
