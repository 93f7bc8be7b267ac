/**
 * The Lua scripts of the Redis proxy store. Each runs atomically on the server: that is what makes
 * a lease one instance's, and what makes every instance see changes in sequence order (the number
 * is taken and the change published in one step).
 */

/** KEYS: lease. ARGV: owner, ttl ms. Takes a free lease or renews one's own: -1 when held; otherwise the ms another's lease has left. */
export const ACQUIRE_LEASE = `
local holder = redis.call('GET', KEYS[1])
if holder == false or holder == ARGV[1] then
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
  return -1
end
local left = redis.call('PTTL', KEYS[1])
if left < 1 then return 1 end
return left`;

/** KEYS: lease. ARGV: owner, hold ms. Gives one's own lease up; nobody else may take it for the hold. */
export const RELEASE_LEASE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then
  if tonumber(ARGV[2]) > 0 then
    redis.call('SET', KEYS[1], '', 'PX', ARGV[2])
  else
    redis.call('DEL', KEYS[1])
  end
end
return 1`;

/**
 * KEYS: epoch, sequence, the topic's state (a hash by resource), the task's channel.
 * ARGV: a new epoch (used when none is set), resource, payload, keep ms, topic.
 * Numbers the change, keeps it as the latest of its resource, publishes it; returns the change.
 */
export const COMMIT_CHANGE = `
local epoch = redis.call('GET', KEYS[1])
if epoch == false then
  epoch = ARGV[1]
  redis.call('SET', KEYS[1], epoch)
end
local seq = redis.call('INCR', KEYS[2])
local change = cjson.encode({ topic = ARGV[5], resource = ARGV[2], epoch = epoch, seq = seq, payload = ARGV[3] })
redis.call('HSET', KEYS[3], ARGV[2], change)
if redis.call('PTTL', KEYS[3]) < tonumber(ARGV[4]) then
  redis.call('PEXPIRE', KEYS[3], ARGV[4])
end
redis.call('PUBLISH', KEYS[4], cjson.encode({ change = change }))
return change`;

/**
 * KEYS: the gate's epoch, the reset marker. ARGV: a new epoch, the reset grace in ms. Sets the
 * epoch when there is none; ends with `epoch` set.
 *
 * A store without the epoch is new or lost its state (a restart without persistence, a flush, an
 * eviction), and from inside Redis the two look the same. So whoever finds none sets the marker,
 * which holds new claims back for the grace while every instance writes back the answers it has
 * out. Only an instance that knew the old epoch would do so otherwise; but one that first connects
 * just after Redis restarted empty knows none, and could claim a call whose answer another instance
 * has out and has not written back yet: the service would get that answer twice. The price is that
 * the first claims on a new Redis (or prefix) wait the grace once.
 */
const CHECK_EPOCH = `
local epoch = redis.call('GET', KEYS[1])
if epoch == false then
  epoch = ARGV[1]
  redis.call('SET', KEYS[1], epoch)
  if tonumber(ARGV[2]) > 0 then
    redis.call('SET', KEYS[2], '1', 'PX', ARGV[2])
  end
end`;

/** KEYS: the gate's epoch, the reset marker. ARGV: new epoch, grace ms. Returns the epoch. */
export const ANSWER_EPOCH = `${CHECK_EPOCH}
return epoch`;

/**
 * KEYS: the gate's epoch, the reset marker, the answer's record, its lease.
 * ARGV: new epoch, grace ms, the record (JSON), owner, lease ms, record ms, reassert ('1').
 * Returns { 'claimed' | 'held' | 'resetting', epoch, the record held, 1 when its lease lives }.
 */
export const CLAIM_ANSWER = `${CHECK_EPOCH}
local held = redis.call('GET', KEYS[3])
if held ~= false then
  return { 'held', epoch, held, redis.call('EXISTS', KEYS[4]) }
end
if ARGV[7] ~= '1' and redis.call('EXISTS', KEYS[2]) == 1 then
  return { 'resetting', epoch }
end
redis.call('SET', KEYS[3], ARGV[3], 'PX', ARGV[6])
redis.call('SET', KEYS[4], ARGV[4], 'PX', ARGV[5])
return { 'claimed', epoch }`;

/** KEYS: the answer's record, its lease. ARGV: owner, lease ms. 1 when the owner's sending claim was renewed. */
export const RENEW_ANSWER = `
local held = redis.call('GET', KEYS[1])
if held == false then return 0 end
local record = cjson.decode(held)
if record.state ~= 'sending' or record.owner ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[2], ARGV[1], 'PX', ARGV[2])
return 1`;

/**
 * KEYS: the answer's record, its lease, the channel of settlements.
 * ARGV: expected state, owner and since (state '' for "whatever it is"), the next record (JSON; ''
 * removes it), record ms, the answer's id (published).
 * 1 when replaced.
 */
export const REPLACE_ANSWER = `
if ARGV[1] ~= '' then
  local held = redis.call('GET', KEYS[1])
  if held == false then return 0 end
  local record = cjson.decode(held)
  if record.state ~= ARGV[1] or record.owner ~= ARGV[2] or record.since ~= tonumber(ARGV[3]) then return 0 end
end
if ARGV[4] == '' then
  redis.call('DEL', KEYS[1])
else
  redis.call('SET', KEYS[1], ARGV[4], 'PX', ARGV[5])
end
if ARGV[4] == '' or cjson.decode(ARGV[4]).state ~= 'sending' then
  redis.call('DEL', KEYS[2])
end
redis.call('PUBLISH', KEYS[3], ARGV[6])
return 1`;

/**
 * KEYS: the task's owner record. ARGV: the record (JSON), the prefix of the teams' task lists,
 * task id, created at (ms), team. Takes the task from its former team's list and puts it on the new one's.
 */
export const ASSIGN_TASK = `
local before = redis.call('GET', KEYS[1])
if before then
  local ok, record = pcall(cjson.decode, before)
  if ok and type(record) == 'table' and type(record.team) == 'string' then
    redis.call('ZREM', ARGV[2] .. record.team, ARGV[3])
  end
end
redis.call('SET', KEYS[1], ARGV[1])
redis.call('ZADD', ARGV[2] .. ARGV[5], ARGV[4], ARGV[3])
return 1`;

/**
 * KEYS: the call's first sighting. ARGV: when this instance saw it (ms), record ms. Keeps the
 * earliest of the two and renews the record; returns the time kept.
 */
export const NOTE_TOOL_CALL_SEEN = `
local held = redis.call('GET', KEYS[1])
local known = tonumber(held or '')
if known == nil or tonumber(ARGV[1]) < known then
  held = ARGV[1]
end
redis.call('SET', KEYS[1], held, 'PX', ARGV[2])
return held`;
