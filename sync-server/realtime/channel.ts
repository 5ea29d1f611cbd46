import type { ApiRole, JwtClaims } from '../jwt.ts';
import { secondsLeft, type ChannelAuth } from './auth.ts';
import type { ChangeSubscriber } from './postgres-changes.ts';
import type { ExtensionRights } from './private-channels.ts';
import type { PhoenixMessage, Vsn } from './protocol.ts';
import { topicKey, type TopicMember } from './topics.ts';

/** What a channel needs from the socket it lives on. */
export interface ChannelTransport {
  readonly vsn: Vsn;
  send(message: PhoenixMessage): void;
  sendFrame(frame: string | Buffer): void;
  /** Ends the channel from the server side (expired token …): system error + phx_close. */
  shutdown(channel: Channel, message: string): void;
  /** Checks that the channel's token holder has not ended (session, account); ends the channel if so. */
  confirmHolder(channel: Channel): void;
}

export interface ChannelConfig {
  topic: string;
  joinRef: string | null;
  isPrivate: boolean;
  selfBroadcast: boolean;
  ackBroadcast: boolean;
  presenceEnabled: boolean;
  presenceKey: string;
  auth: ChannelAuth;
  readRights?: ExtensionRights;
}

/** Realtime re-checks a channel's token at least this often (confirm_token). */
const CONFIRM_TOKEN_MS = 5 * 60_000;

/** One joined `realtime:<name>` topic on one socket: its settings, token and rights. */
export class Channel implements TopicMember, ChangeSubscriber {
  readonly topic: string;
  readonly subTopic: string;
  readonly topicKey: string;
  readonly joinRef: string | null;
  readonly isPrivate: boolean;
  readonly selfBroadcast: boolean;
  readonly ackBroadcast: boolean;
  readonly presenceKey: string;
  presenceEnabled: boolean;
  auth: ChannelAuth;
  /** Private channels only: what realtime.messages policies allow. Write rights are checked on first use. */
  readRights?: ExtensionRights;
  writeRights?: ExtensionRights;
  hasPostgresChanges = false;
  closed = false;
  private tokenTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly transport: ChannelTransport,
    config: ChannelConfig,
  ) {
    this.topic = config.topic;
    this.subTopic = config.topic.slice('realtime:'.length);
    this.isPrivate = config.isPrivate;
    this.topicKey = topicKey(this.subTopic, config.isPrivate);
    this.joinRef = config.joinRef;
    this.selfBroadcast = config.selfBroadcast;
    this.ackBroadcast = config.ackBroadcast;
    this.presenceEnabled = config.presenceEnabled;
    this.presenceKey = config.presenceKey;
    this.auth = config.auth;
    this.readRights = config.readRights;
  }

  get vsn(): Vsn {
    return this.transport.vsn;
  }

  sendFrame(frame: string | Buffer): void {
    if (!this.closed) this.transport.sendFrame(frame);
  }

  /** A message from this channel (join_ref set, no ref), like Phoenix.Channel.push. */
  push(event: string, payload: unknown): void {
    if (!this.closed) this.transport.send({ join_ref: this.joinRef, ref: null, topic: this.topic, event, payload });
  }

  pushSystem(extension: string, status: 'ok' | 'error', message: string): void {
    this.push('system', { extension, status, message, channel: this.subTopic });
  }

  canReadBroadcast(): boolean {
    return !this.isPrivate || this.readRights?.broadcast === true;
  }

  canReadPresence(): boolean {
    return !this.isPrivate || this.readRights?.presence === true;
  }

  /**
   * The claims changes are checked against. An expired token stops delivery at once (the
   * channel is shut down) rather than at the next scheduled token check.
   */
  deliveryClaims(): (JwtClaims & { role: ApiRole }) | undefined {
    if (this.closed) return undefined;
    if (secondsLeft(this.auth) <= 0) {
      queueMicrotask(() => this.expire());
      return undefined;
    }
    return this.auth.claims as JwtClaims & { role: ApiRole };
  }

  /**
   * Schedules the next token check: in 5 minutes, or when the token expires if sooner. Each check
   * also asks whether the holder's session and account still stand (an ended one is usually
   * announced at once: RealtimeService.holderEnded).
   */
  scheduleTokenCheck(): void {
    clearTimeout(this.tokenTimer);
    const ms = Math.max(0, Math.min(CONFIRM_TOKEN_MS, secondsLeft(this.auth) * 1000));
    this.tokenTimer = setTimeout(() => {
      if (secondsLeft(this.auth) <= 0) return this.expire();
      this.transport.confirmHolder(this);
      this.scheduleTokenCheck();
    }, ms + 5);
    this.tokenTimer.unref();
  }

  private expire(): void {
    if (this.closed) return;
    const ago = Math.max(0, Math.floor(-secondsLeft(this.auth)));
    this.transport.shutdown(this, `Token has expired ${ago} seconds ago`);
  }

  dispose(): void {
    this.closed = true;
    clearTimeout(this.tokenTimer);
  }
}
