-- Successful logins (argon2id verification on the blocking pool), spread over the accounts in
-- BENCH_USERS (comma-separated). Env: BENCH_LUA_DIR, BENCH_USERS, BENCH_PASSWORD.
dofile(os.getenv("BENCH_LUA_DIR") .. "/report.lua")

local users = {}
for name in string.gmatch(os.getenv("BENCH_USERS"), "[^,]+") do
  users[#users + 1] = name
end
local password = os.getenv("BENCH_PASSWORD")

wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"

local started = 0
setup = function(thread)
  thread:set("offset", started * 16)
  started = started + 1
end

local n = 0
request = function()
  n = n + 1
  local user = users[(n + (offset or 0)) % #users + 1]
  return wrk.format(nil, nil, nil, '{"username":"' .. user .. '","password":"' .. password .. '"}')
end
