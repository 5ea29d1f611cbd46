import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import type { ServerContext } from '../context.ts';
import { HOLDER_ENDED, holderActive, verifyChannelToken, type ChannelAuth } from './auth.ts';
import { Channel, type ChannelTransport } from './channel.ts';
import { bindingReplies, SubscriptionError, type PostgresChanges } from './postgres-changes.ts';
import { readRights, writeRights } from './private-channels.ts';
import { decodeFrame, encodeMessage, replyMessage, type InboundFrame, type PhoenixMessage, type UserBroadcast, type Vsn } from './protocol.ts';
import type { Topics } from './topics.ts';

export interface RealtimeLimits {
  /** Supabase's default max_channels_per_client. */
  maxChannelsPerConnection: number;
  /** Largest broadcast or presence payload accepted, in bytes. */
  maxEventBytes: number;
  /** A socket whose unsent data grows beyond this is a consumer that cannot keep up: it is dropped. */
  maxBufferedBytes: number;
}

/** Shared by every connection of one server. */
export interface RealtimeServices {
  ctx: ServerContext;
  topics: Topics;
  changes: PostgresChanges;
  limits: RealtimeLimits;
}

type Json = Record<string, unknown>;

const asObject = (value: unknown): Json => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {});
/** Realtime's FlexibleBoolean: true, "true" (any case) count as true. */
const flag = (value: unknown): boolean => value === true || (typeof value === 'string' && value.toLowerCase() === 'true');

/**
 * One websocket: decodes frames, answers heartbeats, and runs the channels joined on it, as
 * Phoenix.Socket plus RealtimeWeb.RealtimeChannel do. Frames are handled one after another so
 * that a join finishes before the next message of the client is looked at.
 */
export class Connection implements ChannelTransport {
  lastSeen = Date.now();
  private readonly channels = new Map<string, Channel>();
  private queue: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(
    private readonly ws: WebSocket,
    readonly vsn: Vsn,
    /** The apikey the socket connected with: the token of joins that bring none. */
    private readonly apiKeyToken: string,
    private readonly services: RealtimeServices,
    /** The user the apikey token names, if any: the socket is theirs (closed when they end). */
    private readonly apiKeyClaims: ChannelAuth['claims'] | undefined = undefined,
  ) {
    ws.on('message', (data, isBinary) => this.onFrame(toBuffer(data), isBinary));
    ws.on('pong', () => (this.lastSeen = Date.now()));
    ws.on('close', () => this.dispose());
    ws.on('error', () => this.dispose());
  }

  get channelCount(): number {
    return this.channels.size;
  }

  private onFrame(data: Buffer, isBinary: boolean): void {
    this.lastSeen = Date.now();
    const frame = decodeFrame(data, isBinary, this.vsn);
    if (!frame) return; // malformed: ignored, as Phoenix does
    if (frame.kind === 'message' && frame.message.topic === 'phoenix' && frame.message.event === 'heartbeat') {
      this.send(replyMessage(frame.message, 'ok', {}));
      return;
    }
    this.queue = this.queue.then(() => this.handle(frame)).catch((error) => this.log(error));
  }

  private async handle(frame: InboundFrame): Promise<void> {
    if (this.closed) return;
    if (frame.kind === 'user_broadcast') {
      const channel = this.channels.get(frame.topic);
      if (!channel) return this.send(unmatched(frame));
      return this.guard(channel, () => this.broadcast(channel, frame.ref, { user: frame.broadcast }, frame.join_ref));
    }
    const message = frame.message;
    if (message.event === 'phx_join') return this.join(message);
    const channel = this.channels.get(message.topic);
    if (!channel) {
      // Leaving a channel the server already dropped is fine; anything else is an unmatched topic.
      this.send(message.event === 'phx_leave' ? replyMessage(message, 'ok', {}) : unmatched(message));
      return;
    }
    await this.guard(channel, () => this.channelEvent(channel, message));
  }

  private async channelEvent(channel: Channel, message: PhoenixMessage): Promise<void> {
    switch (message.event) {
      case 'phx_leave':
        this.removeChannel(channel);
        this.send(replyMessage(message, 'ok', {}));
        return;
      case 'access_token':
        return this.updateToken(channel, asObject(message.payload).access_token);
      case 'broadcast':
        return this.broadcast(channel, message.ref, { json: asObject(message.payload) });
      case 'presence':
        return this.presence(channel, message);
      default:
        // Realtime logs unexpected events and does not answer them.
        return;
    }
  }

  /** A failure inside one channel crashes that channel only: phx_error, as a dead channel process gives. */
  private async guard(channel: Channel, fn: () => Promise<void> | void): Promise<void> {
    try {
      await fn();
    } catch (error) {
      this.log(error);
      if (channel.closed) return;
      this.removeChannel(channel);
      this.send({ join_ref: channel.joinRef, ref: channel.joinRef, topic: channel.topic, event: 'phx_error', payload: {} });
    }
  }

  // ---- join -------------------------------------------------------------------------------

  private async join(message: PhoenixMessage): Promise<void> {
    const { topic } = message;
    if (!topic.startsWith('realtime:')) return this.send(unmatched(message));
    const previous = this.channels.get(topic);
    if (previous) {
      // A second join of a topic replaces the first, as Phoenix does (the old join is closed).
      this.removeChannel(previous);
      this.send({ join_ref: previous.joinRef, ref: previous.joinRef, topic, event: 'phx_close', payload: {} });
    }
    const refuse = (code: string, text: string) => this.send(replyMessage(message, 'error', { reason: `${code}: ${text}` }));
    if (topic === 'realtime:') return refuse('TopicNameRequired', 'You must provide a topic name');
    if (this.channels.size >= this.services.limits.maxChannelsPerConnection) {
      return this.send(replyMessage(message, 'error', { reason: 'ChannelRateLimitReached: Too many channels' }));
    }

    const payload = asObject(message.payload);
    const config = asObject(payload.config);
    const verified = await verifyChannelToken(this.services.ctx.jwt, this.joinToken(payload));
    if (!verified.ok) return refuse(verified.code, verified.message);
    if (!(await holderActive(this.services.ctx.db, verified.auth.claims))) return refuse(HOLDER_ENDED.code, HOLDER_ENDED.message);

    const isPrivate = flag(config.private);
    const subTopic = topic.slice('realtime:'.length);
    const rights = isPrivate ? await readRights(this.services.ctx.db, verified.auth.claims, subTopic) : undefined;
    if (rights && !rights.broadcast && !rights.presence) {
      return refuse('Unauthorized', `You do not have permissions to read from this Channel topic: ${subTopic}`);
    }
    if (this.closed) return;

    const channel = this.createChannel(message, config, verified.auth, isPrivate, rights);
    const subscribeError = await this.subscribeChanges(channel, config.postgres_changes);
    if (this.closed) {
      this.services.changes.unsubscribe(channel);
      return channel.dispose();
    }

    this.channels.set(topic, channel);
    this.services.topics.add(channel);
    this.send(replyMessage(message, 'ok', { postgres_changes: bindingReplies(config.postgres_changes) }));
    if (channel.hasPostgresChanges || subscribeError) {
      channel.pushSystem('postgres_changes', subscribeError ? 'error' : 'ok', subscribeError ?? 'Subscribed to PostgreSQL');
    }
    if (channel.presenceEnabled && channel.canReadPresence()) {
      channel.push('presence_state', this.services.topics.presenceState(channel.topicKey));
    }
    channel.scheduleTokenCheck();
  }

  /** The join's own token, else the socket's apikey (also for Supabase's `sb_` API keys). */
  private joinToken(payload: Json): string {
    const token = typeof payload.user_token === 'string' ? payload.user_token : payload.access_token;
    return typeof token === 'string' && token !== '' && !token.startsWith('sb_') ? token : this.apiKeyToken;
  }

  private createChannel(message: PhoenixMessage, config: Json, auth: ChannelAuth, isPrivate: boolean, rights: Channel['readRights']): Channel {
    const broadcast = asObject(config.broadcast);
    const presence = asObject(config.presence);
    const key = presence.key;
    return new Channel(this, {
      topic: message.topic,
      joinRef: message.join_ref ?? message.ref,
      isPrivate,
      selfBroadcast: flag(broadcast.self),
      ackBroadcast: flag(broadcast.ack),
      presenceEnabled: flag(presence.enabled),
      presenceKey: key === undefined || key === null || key === '' ? randomUUID() : String(key),
      auth,
      readRights: rights,
    });
  }

  /** Registers the join's postgres_changes bindings; returns the system message text of a refusal. */
  private async subscribeChanges(channel: Channel, bindings: unknown): Promise<string | undefined> {
    if (!Array.isArray(bindings) || bindings.length === 0) return undefined;
    try {
      await this.services.changes.subscribe(channel, bindings);
      channel.hasPostgresChanges = true;
      return undefined;
    } catch (error) {
      if (error instanceof SubscriptionError) return error.message;
      throw error;
    }
  }

  // ---- access_token -----------------------------------------------------------------------

  /**
   * A new token for a joined channel (realtime-js sends it after a refresh or setAuth). Invalid
   * or expired → the channel is shut down with a system error, so nothing more is delivered.
   */
  private async updateToken(channel: Channel, token: unknown): Promise<void> {
    if (typeof token !== 'string' || token === '' || token.startsWith('sb_') || token === channel.auth.token) return;
    const verified = await verifyChannelToken(this.services.ctx.jwt, token);
    if (channel.closed) return;
    if (!verified.ok) return this.shutdown(channel, verified.message);
    if (!(await holderActive(this.services.ctx.db, verified.auth.claims))) return this.shutdown(channel, HOLDER_ENDED.message);
    if (channel.closed) return;
    if (channel.isPrivate) {
      const rights = await readRights(this.services.ctx.db, verified.auth.claims, channel.subTopic);
      const revoked = (channel.readRights?.broadcast && !rights.broadcast) || (channel.readRights?.presence && !rights.presence);
      if (revoked) return this.shutdown(channel, `You no longer have permission to read from this Channel topic: ${channel.subTopic}`);
      channel.readRights = rights;
      channel.writeRights = undefined;
    }
    channel.auth = verified.auth;
    channel.scheduleTokenCheck();
    if (channel.hasPostgresChanges) channel.pushSystem('postgres_changes', 'ok', 'Subscribed to PostgreSQL');
  }

  // ---- holders that end (issue 28) ---------------------------------------------------------

  /** The periodic token check: a channel whose holder ended is shut down (channel.ts). */
  confirmHolder(channel: Channel): void {
    this.queue = this.queue
      .then(async () => {
        await this.endChannelsOf([channel]);
      })
      .catch((error) => this.log(error));
  }

  /**
   * A session of this user ended, or their account was removed or banned (realtime.announce_holder_change):
   * their channels whose token no longer stands are shut down, and the socket is closed when it
   * was theirs (its apikey) or nothing else was joined on it.
   */
  holderEnded(userId: string): void {
    const theirs = [...this.channels.values()].filter((channel) => channel.auth.claims.sub === userId);
    const socketTheirs = this.apiKeyClaims?.sub === userId;
    if (theirs.length === 0 && !socketTheirs) return;
    this.queue = this.queue
      .then(async () => {
        const ended = await this.endChannelsOf(theirs);
        const socketEnded = socketTheirs && !(await holderActive(this.services.ctx.db, this.apiKeyClaims!));
        if (socketEnded || (ended > 0 && this.channels.size === 0)) this.close(1008, HOLDER_ENDED.message);
      })
      .catch((error) => this.log(error));
  }

  /** Shuts down the channels whose holder ended; returns how many. */
  private async endChannelsOf(channels: Channel[]): Promise<number> {
    let ended = 0;
    for (const channel of channels) {
      if (channel.closed || this.closed) continue;
      if (await holderActive(this.services.ctx.db, channel.auth.claims)) continue;
      this.shutdown(channel, HOLDER_ENDED.message);
      ended++;
    }
    return ended;
  }

  // ---- broadcast and presence -------------------------------------------------------------

  private async broadcast(
    channel: Channel,
    ref: string | null,
    message: { json: Json } | { user: UserBroadcast },
    joinRef: string | null = channel.joinRef,
  ): Promise<void> {
    if (channel.isPrivate && !(await this.mayWrite(channel)).broadcast) return; // refused silently, as Realtime
    const size = 'json' in message ? JSON.stringify(message.json).length : message.user.data.length;
    if (size > this.services.limits.maxEventBytes) {
      if (channel.ackBroadcast) this.send(replyMessage({ join_ref: joinRef, ref, topic: channel.topic }, 'error', { reason: 'payload_size_exceeded' }));
      return;
    }
    if ('json' in message) this.services.topics.broadcastJson(channel, channel.topicKey, message.json);
    else this.services.topics.broadcastUser(channel, channel.topicKey, message.user);
    if (channel.ackBroadcast) this.send(replyMessage({ join_ref: joinRef, ref, topic: channel.topic }, 'ok', {}));
  }

  private async presence(channel: Channel, message: PhoenixMessage): Promise<void> {
    const payload = asObject(message.payload);
    const event = typeof payload.event === 'string' ? payload.event.toLowerCase() : undefined;
    const reply = (status: 'ok' | 'error', response: Json = {}) => this.send(replyMessage(message, status, response));
    if (event === undefined) return reply('ok');
    if (event === 'untrack') {
      this.services.topics.untrack(channel, channel.presenceKey);
      return reply('ok');
    }
    if (event !== 'track') return reply('error');
    const meta = payload.payload ?? {};
    if (!meta || typeof meta !== 'object' || Array.isArray(meta)) return reply('error', { reason: 'Presence track payload must be a map' });
    if (JSON.stringify(meta).length > this.services.limits.maxEventBytes) return reply('error', { reason: 'Track message size exceeded' });
    if (channel.isPrivate && !(await this.mayWrite(channel)).presence) return reply('error');
    channel.presenceEnabled = true;
    this.services.topics.track(channel, channel.presenceKey, meta as Json);
    reply('ok');
  }

  private async mayWrite(channel: Channel) {
    channel.writeRights ??= await writeRights(this.services.ctx.db, channel.auth.claims, channel.subTopic);
    return channel.writeRights;
  }

  // ---- sending and closing ----------------------------------------------------------------

  send(message: PhoenixMessage): void {
    this.sendFrame(encodeMessage(this.vsn, message));
  }

  sendFrame(frame: string | Buffer): void {
    if (this.closed || this.ws.readyState !== WebSocket.OPEN) return;
    if (this.ws.bufferedAmount > this.services.limits.maxBufferedBytes) {
      this.ws.terminate();
      return;
    }
    this.ws.send(frame);
  }

  /** Ends a channel from the server side, as Realtime's shutdown_response: system error, then phx_close. */
  shutdown(channel: Channel, message: string): void {
    if (channel.closed) return;
    channel.pushSystem('system', 'error', message);
    this.removeChannel(channel);
    this.send({ join_ref: channel.joinRef, ref: channel.joinRef, topic: channel.topic, event: 'phx_close', payload: {} });
  }

  private removeChannel(channel: Channel): void {
    if (this.channels.get(channel.topic) === channel) this.channels.delete(channel.topic);
    this.services.changes.unsubscribe(channel);
    this.services.topics.remove(channel, channel.presenceKey);
    channel.dispose();
  }

  /** Sends ws pings so that browsers in throttled background tabs still prove they are alive. */
  ping(): void {
    if (this.ws.readyState === WebSocket.OPEN) this.ws.ping();
  }

  terminate(): void {
    this.ws.terminate();
    this.dispose();
  }

  close(code: number, reason: string): void {
    if (this.ws.readyState === WebSocket.OPEN || this.ws.readyState === WebSocket.CONNECTING) this.ws.close(code, reason);
  }

  get isClosed(): boolean {
    return this.closed;
  }

  private dispose(): void {
    if (this.closed) return;
    this.closed = true;
    for (const channel of [...this.channels.values()]) this.removeChannel(channel);
  }

  private log(error: unknown): void {
    console.error('[realtime] error on a socket:', error instanceof Error ? error.message : error);
  }
}

function unmatched(message: { join_ref: string | null; ref: string | null; topic: string }): PhoenixMessage {
  return replyMessage(message, 'error', { reason: 'unmatched topic' });
}

function toBuffer(data: WebSocket.RawData): Buffer {
  if (Buffer.isBuffer(data)) return data;
  if (Array.isArray(data)) return Buffer.concat(data);
  return Buffer.from(data);
}
