-- GET /v1/pets?status=...&limit=100: the first page of one status, the three statuses in turn at random.
dofile(os.getenv("BENCH_WRK_DIR") .. "/common.lua")
local paths = {}
for i, status in ipairs({ "available", "pending", "sold" }) do
  paths[i] = "/v1/pets?status=" .. status .. "&limit=100"
end
function request()
  return wrk.format("GET", paths[math.random(1, 3)])
end
