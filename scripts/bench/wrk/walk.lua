-- The next-page walk: follow each response's Link rel="next"; at the last page start again from the first.
-- A thread keeps a queue of next pages, so its connections walk the catalogue side by side.
dofile(os.getenv("BENCH_WRK_DIR") .. "/common.lua")
local first = "/v1/pets?limit=20"
local queue, head, tail = {}, 1, 0

function request()
  local path = first
  if head <= tail then
    path = queue[head]
    queue[head] = nil
    head = head + 1
  end
  return wrk.format("GET", path)
end

function response(status, headers, body)
  local link = headers["Link"] or headers["link"]
  local next_url = link and link:match('<([^>]+)>[^,]*rel="?next"?')
  if next_url then
    tail = tail + 1
    queue[tail] = next_url:gsub("^https?://[^/]+", "")
  end
end
