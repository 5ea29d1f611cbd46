import { randomBytes } from 'node:crypto';
import { encodeUserBroadcast, encodeWithRawPayload, userBroadcastAsJson, type UserBroadcast, type Vsn } from './protocol.ts';

/** A joined channel as broadcast and presence see it. */
export interface TopicMember {
  /** Public and private channels of one name are different topics, as on Supabase. */
  readonly topicKey: string;
  /** The topic the client joined, e.g. `realtime:room-1`; messages go out under it. */
  readonly topic: string;
  readonly vsn: Vsn;
  readonly selfBroadcast: boolean;
  canReadBroadcast(): boolean;
  canReadPresence(): boolean;
  sendFrame(frame: string | Buffer): void;
}

type Meta = Record<string, unknown> & { phx_ref: string };
type PresenceGroups = Record<string, { metas: Meta[] }>;

export function topicKey(subTopic: string, isPrivate: boolean): string {
  return `${isPrivate ? 'private' : 'public'}:${subTopic}`;
}

/** Who is on which topic: fan-out of broadcasts and Phoenix presence (state + diffs). */
export class Topics {
  private readonly members = new Map<string, Set<TopicMember>>();
  /** topicKey → presence key → the metas each member tracks under that key. */
  private readonly presence = new Map<string, Map<string, Map<TopicMember, Meta>>>();

  get memberCount(): number {
    let n = 0;
    for (const set of this.members.values()) n += set.size;
    return n;
  }

  add(member: TopicMember): void {
    let set = this.members.get(member.topicKey);
    if (!set) this.members.set(member.topicKey, (set = new Set()));
    set.add(member);
  }

  remove(member: TopicMember, presenceKey: string | undefined): void {
    if (presenceKey !== undefined) this.untrack(member, presenceKey);
    const set = this.members.get(member.topicKey);
    set?.delete(member);
    if (set?.size === 0) this.members.delete(member.topicKey);
  }

  /** A JSON broadcast ({type, event, payload}) to the topic; the sender only with `self`. */
  broadcastJson(from: TopicMember | undefined, key: string, payload: Record<string, unknown>): void {
    const json = JSON.stringify(payload);
    this.fanOut(from, key, (member) => encodeWithRawPayload(member.vsn, member.topic, 'broadcast', json));
  }

  /** A broadcast that arrived as a binary frame: binary again for V2 sockets, JSON for V1 ones. */
  broadcastUser(from: TopicMember | undefined, key: string, broadcast: UserBroadcast): void {
    const asJson = userBroadcastAsJson(broadcast);
    const json = asJson && JSON.stringify(asJson);
    this.fanOut(from, key, (member) =>
      member.vsn === '2.0.0'
        ? encodeUserBroadcast(member.topic, broadcast)
        : json && encodeWithRawPayload(member.vsn, member.topic, 'broadcast', json),
    );
  }

  private fanOut(from: TopicMember | undefined, key: string, encode: (member: TopicMember) => string | Buffer | undefined): void {
    const set = this.members.get(key);
    if (!set) return;
    // Members of one topic share the topic string, so one encoding per serializer version.
    const cache = new Map<Vsn, string | Buffer | undefined>();
    for (const member of set) {
      if (member === from && !member.selfBroadcast) continue;
      if (!member.canReadBroadcast()) continue;
      if (!cache.has(member.vsn)) cache.set(member.vsn, encode(member));
      const frame = cache.get(member.vsn);
      if (frame !== undefined) member.sendFrame(frame);
    }
  }

  /** presence_state: every key on the topic with its metas. */
  presenceState(key: string): PresenceGroups {
    const state: PresenceGroups = {};
    for (const [presenceKey, byMember] of this.presence.get(key) ?? []) {
      state[presenceKey] = { metas: [...byMember.values()] };
    }
    return state;
  }

  /** Tracks (or replaces) the member's meta under presenceKey and tells the topic. */
  track(member: TopicMember, presenceKey: string, payload: Record<string, unknown>): void {
    let byKey = this.presence.get(member.topicKey);
    if (!byKey) this.presence.set(member.topicKey, (byKey = new Map()));
    let byMember = byKey.get(presenceKey);
    if (!byMember) byKey.set(presenceKey, (byMember = new Map()));
    const previous = byMember.get(member);
    const meta: Meta = { ...payload, phx_ref: newPhxRef(), ...(previous ? { phx_ref_prev: previous.phx_ref } : {}) };
    byMember.set(member, meta);
    this.sendDiff(member.topicKey, { [presenceKey]: { metas: [meta] } }, previous ? { [presenceKey]: { metas: [previous] } } : {});
  }

  untrack(member: TopicMember, presenceKey: string): void {
    const byKey = this.presence.get(member.topicKey);
    const byMember = byKey?.get(presenceKey);
    const previous = byMember?.get(member);
    if (!byKey || !byMember || !previous) return;
    byMember.delete(member);
    if (byMember.size === 0) byKey.delete(presenceKey);
    if (byKey.size === 0) this.presence.delete(member.topicKey);
    this.sendDiff(member.topicKey, {}, { [presenceKey]: { metas: [previous] } });
  }

  private sendDiff(key: string, joins: PresenceGroups, leaves: PresenceGroups): void {
    const json = JSON.stringify({ joins, leaves });
    for (const member of this.members.get(key) ?? []) {
      if (member.canReadPresence()) member.sendFrame(encodeWithRawPayload(member.vsn, member.topic, 'presence_diff', json));
    }
  }
}

/** Phoenix presence refs are short random strings. */
function newPhxRef(): string {
  return randomBytes(8).toString('base64url');
}
