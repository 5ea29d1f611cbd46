/**
 * Phoenix channel frames as realtime-js speaks them.
 *
 * - vsn 1.0.0 (Phoenix V1 JSON serializer): one JSON object a frame, {topic, event, payload, ref};
 *   the server never sends join_ref in this version.
 * - vsn 2.0.0 (Supabase's V2 serializer, a superset of Phoenix V2): JSON arrays
 *   [join_ref, ref, topic, event, payload], plus binary frames for user broadcasts:
 *   kind 3 "user broadcast push" (client → server) and kind 4 "user broadcast" (server → client).
 *   See realtime-js lib/serializer.ts and realtime lib/realtime_web/socket/v2_serializer.ex.
 */

export type Vsn = '1.0.0' | '2.0.0';
export const SUPPORTED_VSN: readonly Vsn[] = ['1.0.0', '2.0.0'];

export function isSupportedVsn(vsn: string): vsn is Vsn {
  return (SUPPORTED_VSN as readonly string[]).includes(vsn);
}

/** A JSON message in either serializer, normalised. */
export interface PhoenixMessage {
  join_ref: string | null;
  ref: string | null;
  topic: string;
  event: string;
  payload: unknown;
}

/** A broadcast whose user payload travels as raw bytes (binary frame kind 3 / 4). */
export interface UserBroadcast {
  userEvent: string;
  /** 'json' when the bytes are UTF-8 JSON, 'binary' when they are opaque. */
  encoding: 'json' | 'binary';
  data: Buffer;
}

export type InboundFrame =
  | { kind: 'message'; message: PhoenixMessage }
  | { kind: 'user_broadcast'; join_ref: string | null; ref: string | null; topic: string; broadcast: UserBroadcast };

const KIND_USER_BROADCAST_PUSH = 3;
const KIND_USER_BROADCAST = 4;
const BINARY_ENCODING = 0;
const JSON_ENCODING = 1;

/** Decodes one frame; undefined for anything malformed (the caller ignores it, as Phoenix drops it). */
export function decodeFrame(data: Buffer, isBinary: boolean, vsn: Vsn): InboundFrame | undefined {
  if (isBinary) return vsn === '2.0.0' ? decodeBinary(data) : undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(data.toString('utf8'));
  } catch {
    return undefined;
  }
  const message = vsn === '2.0.0' ? fromArray(parsed) : fromObject(parsed);
  return message && { kind: 'message', message };
}

function fromArray(value: unknown): PhoenixMessage | undefined {
  if (!Array.isArray(value) || value.length < 5) return undefined;
  const [join_ref, ref, topic, event, payload] = value as unknown[];
  return normalise({ join_ref, ref, topic, event, payload });
}

function fromObject(value: unknown): PhoenixMessage | undefined {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const { join_ref, ref, topic, event, payload } = value as Record<string, unknown>;
  return normalise({ join_ref, ref, topic, event, payload });
}

function normalise(raw: Record<string, unknown>): PhoenixMessage | undefined {
  if (typeof raw.topic !== 'string' || typeof raw.event !== 'string') return undefined;
  return {
    join_ref: refString(raw.join_ref),
    ref: refString(raw.ref),
    topic: raw.topic,
    event: raw.event,
    payload: raw.payload ?? {},
  };
}

/** Refs are strings in realtime-js; numbers are accepted from other Phoenix clients. */
function refString(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

function decodeBinary(buf: Buffer): InboundFrame | undefined {
  if (buf.length < 7 || buf[0] !== KIND_USER_BROADCAST_PUSH) return undefined;
  const sizes = [buf[1], buf[2], buf[3], buf[4], buf[5]];
  const encoding = buf[6];
  let offset = 7;
  const parts: string[] = [];
  for (const size of sizes) {
    if (offset + size > buf.length) return undefined;
    parts.push(buf.subarray(offset, offset + size).toString('utf8'));
    offset += size;
  }
  const [joinRef, ref, topic, userEvent] = parts;
  return {
    kind: 'user_broadcast',
    join_ref: joinRef || null,
    ref: ref || null,
    topic,
    broadcast: {
      userEvent,
      encoding: encoding === BINARY_ENCODING ? 'binary' : 'json',
      data: Buffer.from(buf.subarray(offset)),
    },
  };
}

/** Encodes a JSON message for a socket of the given version. */
export function encodeMessage(vsn: Vsn, message: PhoenixMessage): string {
  if (vsn === '2.0.0') {
    return JSON.stringify([message.join_ref, message.ref, message.topic, message.event, message.payload]);
  }
  return JSON.stringify({ topic: message.topic, event: message.event, payload: message.payload, ref: message.ref });
}

/**
 * Encodes a message whose payload is already JSON text, without parsing it again: a change
 * delivered to thousands of subscribers is serialised once.
 */
export function encodeWithRawPayload(vsn: Vsn, topic: string, event: string, payloadJson: string): string {
  if (vsn === '2.0.0') return `[null,null,${JSON.stringify(topic)},${JSON.stringify(event)},${payloadJson}]`;
  return `{"topic":${JSON.stringify(topic)},"event":${JSON.stringify(event)},"payload":${payloadJson},"ref":null}`;
}

export function replyMessage(
  request: { join_ref: string | null; ref: string | null; topic: string },
  status: 'ok' | 'error',
  response: unknown = {},
): PhoenixMessage {
  return { join_ref: request.join_ref, ref: request.ref, topic: request.topic, event: 'phx_reply', payload: { status, response } };
}

/** Binary frame kind 4: how the V2 serializer delivers a user broadcast to subscribers. */
export function encodeUserBroadcast(topic: string, broadcast: UserBroadcast): Buffer | undefined {
  const topicBytes = Buffer.from(topic, 'utf8');
  const eventBytes = Buffer.from(broadcast.userEvent, 'utf8');
  if (topicBytes.length > 255 || eventBytes.length > 255) return undefined;
  const header = Buffer.from([
    KIND_USER_BROADCAST,
    topicBytes.length,
    eventBytes.length,
    0, // no metadata
    broadcast.encoding === 'json' ? JSON_ENCODING : BINARY_ENCODING,
  ]);
  return Buffer.concat([header, topicBytes, eventBytes, broadcast.data]);
}

/**
 * The JSON form of a user broadcast, for V1 sockets (they cannot read binary frames) — as
 * UserBroadcast.convert_to_json_broadcast does. Binary user payloads have no JSON form.
 */
export function userBroadcastAsJson(broadcast: UserBroadcast): Record<string, unknown> | undefined {
  if (broadcast.encoding !== 'json') return undefined;
  try {
    return { type: 'broadcast', event: broadcast.userEvent, payload: JSON.parse(broadcast.data.toString('utf8')) };
  } catch {
    return undefined;
  }
}
