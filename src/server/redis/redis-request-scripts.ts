/**
 * The Lua scripts of the requests' part of the Redis proxy store. Each runs atomically: a record
 * and its places in the indexes change together, and a change is published in the same step, so
 * no instance hears of a record it cannot read yet.
 */

/** Puts a request's id in one index (by `openedAt`), which lives at least as long as the record. */
const INDEX = `
local function index(set, openedAt, id, ttl)
  redis.call('ZADD', set, openedAt, id)
  if redis.call('PTTL', set) < tonumber(ttl) then
    redis.call('PEXPIRE', set, ttl)
  end
end`;

/**
 * KEYS: the record, the index of every team, the team's index. ARGV: the record (JSON), record ms,
 * opened at (ms), id, the channel of changes. Adds the record unless one is held; returns the held
 * record's JSON, or nil when it added (and published) this one.
 */
export const PUT_REQUEST = `${INDEX}
local held = redis.call('GET', KEYS[1])
if held then return held end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
index(KEYS[2], ARGV[3], ARGV[4], ARGV[2])
index(KEYS[3], ARGV[3], ARGV[4], ARGV[2])
redis.call('PUBLISH', ARGV[5], ARGV[4])
return false`;

/**
 * KEYS: the record, the index of every team, the next record's team index. ARGV: the expected
 * version, the next record (JSON), record ms, opened at (ms), id, the channel of changes, the
 * prefix of the teams' indexes. 1 when the held record had the version and was replaced (and the
 * change published); a record moved to another team leaves the former team's index.
 */
export const REPLACE_REQUEST = `${INDEX}
local held = redis.call('GET', KEYS[1])
if not held then return 0 end
local ok, record = pcall(cjson.decode, held)
if not ok or type(record) ~= 'table' or record.version ~= tonumber(ARGV[1]) then return 0 end
if type(record.team) == 'string' and ARGV[7] .. record.team ~= KEYS[3] then
  redis.call('ZREM', ARGV[7] .. record.team, ARGV[5])
end
redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3])
index(KEYS[2], ARGV[4], ARGV[5], ARGV[3])
index(KEYS[3], ARGV[4], ARGV[5], ARGV[3])
redis.call('PUBLISH', ARGV[6], ARGV[5])
return 1`;

/**
 * KEYS: the index of every team. ARGV: the prefix of the records' keys, then for each id a listing
 * found stale: the id, the version it read ('' when it found no record), the team index to take it
 * from too ('' for none). Takes each id from the indexes unless its record changed since (a request
 * put again, or replaced, between the listing's reads and this), so no live record loses its place.
 */
export const FORGET_REQUESTS = `
for i = 2, #ARGV, 3 do
  local id, expected, team = ARGV[i], ARGV[i + 1], ARGV[i + 2]
  local held = redis.call('GET', ARGV[1] .. id)
  local stale = false
  if not held then
    stale = expected == ''
  elseif expected ~= '' then
    local ok, record = pcall(cjson.decode, held)
    stale = ok and type(record) == 'table' and record.version == tonumber(expected)
  end
  if stale then
    redis.call('ZREM', KEYS[1], id)
    if team ~= '' then redis.call('ZREM', team, id) end
  end
end
return 1`;

/**
 * KEYS: the subscription's record, its team's set. ARGV: the subscription (JSON), record ms,
 * endpoint. One record per endpoint; a team's set may name endpoints since removed or moved to
 * another team, which its listing takes out.
 */
export const SAVE_PUSH_SUBSCRIPTION = `
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
redis.call('SADD', KEYS[2], ARGV[3])
if redis.call('PTTL', KEYS[2]) < tonumber(ARGV[2]) then
  redis.call('PEXPIRE', KEYS[2], ARGV[2])
end
return 1`;

/**
 * KEYS: the team's set. ARGV: the prefix of the subscriptions' keys, the team. Returns the JSON of
 * each subscription of the team, and takes from the set the endpoints whose record lapsed, was
 * removed, or is now another team's.
 */
export const LIST_PUSH_SUBSCRIPTIONS = `
local found = {}
for _, endpoint in ipairs(redis.call('SMEMBERS', KEYS[1])) do
  local held = redis.call('GET', ARGV[1] .. endpoint)
  local ok, record = false, nil
  if held then ok, record = pcall(cjson.decode, held) end
  if ok and type(record) == 'table' and record.team == ARGV[2] then
    found[#found + 1] = held
  else
    redis.call('SREM', KEYS[1], endpoint)
  end
end
return found`;

/**
 * KEYS: the agreed value's key. ARGV: the value, keep ms. Sets the value when none is held, keeps
 * it for the time again when the held one is the same, and returns the held one.
 */
export const AGREE_ON = `
local held = redis.call('GET', KEYS[1])
if held and held ~= ARGV[1] then return held end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return ARGV[1]`;
