-- Task PATCH moving tasks between columns: each request picks a task of the seeded board and a
-- column; every other request also asks for a position near the top of that column.
-- Env: BENCH_LUA_DIR, BENCH_TOKEN, BENCH_PATCH_IDS (a file with one task id per line).
dofile(os.getenv("BENCH_LUA_DIR") .. "/report.lua")

local ids = {}
for line in io.lines(os.getenv("BENCH_PATCH_IDS")) do
  ids[#ids + 1] = tonumber(line)
end
local statuses = { "To Do", "In Progress", "Paid" }

wrk.method = "PATCH"
wrk.headers["Authorization"] = "Bearer " .. os.getenv("BENCH_TOKEN")
wrk.headers["Content-Type"] = "application/json"

local started = 0
setup = function(thread)
  thread:set("offset", started * 7919)
  started = started + 1
end

local n = 0
request = function()
  n = n + 1
  local i = (n * 37 + (offset or 0)) % #ids + 1
  local status = statuses[(n + i) % 3 + 1]
  local body
  if n % 2 == 0 then
    body = '{"status":"' .. status .. '"}'
  else
    body = '{"status":"' .. status .. '","position":' .. (n % 5) .. '}'
  end
  return wrk.format(nil, "/api/tasks/" .. ids[i] .. "/", nil, body)
end
