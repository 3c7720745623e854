-- POST /v1/pets: one new pet per request, random category (the same rows pgbench's insert.sql adds).
dofile(os.getenv("BENCH_WRK_DIR") .. "/common.lua")
wrk.headers["Content-Type"] = "application/json"
function request()
  return wrk.format("POST", "/v1/pets", nil,
    '{"name":"bench-pet","categoryId":' .. math.random(1, 50) .. ',"status":"available"}')
end
