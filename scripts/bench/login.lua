-- Successful logins (argon2id verification on the blocking pool). Env: BENCH_LUA_DIR,
-- BENCH_USER, BENCH_PASSWORD. The server throttles failed logins only.
dofile(os.getenv("BENCH_LUA_DIR") .. "/report.lua")
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '{"username":"' .. os.getenv("BENCH_USER") .. '","password":"' .. os.getenv("BENCH_PASSWORD") .. '"}'
