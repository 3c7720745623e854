-- A mix of the API's calls: 90 % reads, the first page of 20, the first page of 100 of one status and a
-- pet by id in equal shares, and 10 % POSTs of a new pet.
dofile(os.getenv("BENCH_WRK_DIR") .. "/common.lua")
local statuses = { "available", "pending", "sold" }

function request()
  local draw = math.random(1, 30)
  if draw <= 3 then
    return wrk.format("POST", "/v1/pets", post_headers,
      '{"name":"bench-pet","categoryId":' .. math.random(1, 50) .. ',"status":"available"}')
  elseif draw <= 12 then
    return wrk.format("GET", "/v1/pets?limit=20")
  elseif draw <= 21 then
    return wrk.format("GET", "/v1/pets?status=" .. statuses[math.random(1, 3)] .. "&limit=100")
  end
  return wrk.format("GET", "/v1/pets/" .. math.random(1, pets))
end
