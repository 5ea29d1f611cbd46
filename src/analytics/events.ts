/**
 * Spec §3 analytics events, plus the page view sent on every route change (issue 36).
 *
 * The one list of what an event may carry: the app types its calls with it, and the collector
 * (sync-server/analytics) refuses anything else with a 400. Parameters are codes, counts and route
 * patterns only — never a text a person typed (search terms, answers), an id, a username, an
 * e-mail or an address, and nothing that could point at the author of anonymous content.
 */
export type ParamRule =
  | { type: 'enum'; values: readonly string[] }
  | { type: 'int'; min: number; max: number }
  | { type: 'bool' }
  /** A route pattern of src/app/routes.ts (`/notebook/:id`), never the address itself. */
  | { type: 'route' };

/**
 * The route patterns of src/app/routes.ts (events.test.ts checks both lists agree) and `*` for an
 * address no route matches: a page view names the pattern, never the address (`/profile/maria`).
 */
export const ROUTE_PATHS = [
  '/', '/login', '/register', '/forgot-password', '/reset-password', '/timeline', '/notificacoes', '/notifications',
  '/amigos', '/friends', '/meus-cadernos', '/settings', '/profile', '/profile/:username', '/create', '/notebook/:id',
  '/notebook/:id/edit', '/notebook/:id/rodada', '/claim', '/claim/:code', '/moderation/answers/:notebookId',
  '/guardian/:token', '/guardian/purchase/:token', '/manage-profile', '/admin', '/n/:code', '/loja-sazonal', '/loja-sazonal/sucesso', '/terms',
  '/privacy', '/sobre', '/contato', '/faq', '/cookies', '*',
] as const;

const LOCALE = { type: 'enum', values: ['pt-BR', 'en-US'] } as const;
const COUNT = { type: 'int', min: 0, max: 1000 } as const;

export const EVENT_PARAMS = {
  page_view: { path: { type: 'route' }, locale: LOCALE },
  notebook_created: { questions: COUNT },
  notebook_shared: { method: { type: 'enum', values: ['person', 'link', 'code', 'qr'] } },
  answer_submitted: { offline: { type: 'bool' } },
  collaboration_invite_sent: {},
  collaboration_accepted: {},
  sign_up: {},
  login: { method: { type: 'enum', values: ['password', 'magic_link', 'token'] } },
  profile_updated: {},
  purchase: {
    currency: { type: 'enum', values: ['BRL'] },
    value_cents: { type: 'int', min: 0, max: 1_000_000 },
    item_category: { type: 'enum', values: ['sticker_pack', 'theme', 'paper_style', 'cover_style'] },
  },
  search: { area: { type: 'enum', values: ['people', 'notebooks', 'faq'] }, has_results: { type: 'bool' } },
  exception: {
    where: { type: 'enum', values: ['render', 'unhandled', 'rejection'] },
    /** The error's constructor name (TypeError …), never its message (it may quote a person's text). */
    error: { type: 'enum', values: ['Error', 'TypeError', 'RangeError', 'SyntaxError', 'ReferenceError', 'ChunkLoadError', 'other'] },
  },
} as const satisfies Record<string, Record<string, ParamRule>>;

export type AnalyticsEventName = keyof typeof EVENT_PARAMS;
export const EVENT_NAMES = Object.keys(EVENT_PARAMS) as AnalyticsEventName[];

type ValueOf<R> = R extends { type: 'enum'; values: readonly (infer V)[] }
  ? V
  : R extends { type: 'int' }
    ? number
    : R extends { type: 'bool' }
      ? boolean
      : string;

/** The parameters of one event: each optional, each of its rule's type. */
export type EventProps<N extends AnalyticsEventName> = {
  -readonly [K in keyof (typeof EVENT_PARAMS)[N]]?: ValueOf<(typeof EVENT_PARAMS)[N][K]>;
};

export interface AnalyticsEvent {
  name: AnalyticsEventName;
  props: Record<string, string | number | boolean>;
  /** When it happened (ISO 8601): the collector keeps only its day. */
  at: string;
}

/** What goes over the wire: one batch of a device's events and its visitor value of the day. */
export interface AnalyticsBatch {
  /** 16 hex digits drawn at random by the device each day (with consent only); names nobody. */
  visitor: string;
  events: AnalyticsEvent[];
}

/** Limits of one batch (the collector answers 413 / 400 beyond them). */
export const MAX_EVENTS_PER_BATCH = 50;
export const MAX_BATCH_BYTES = 16 * 1024;


/** Why a value breaks its rule, or undefined when it keeps it. */
export function paramProblem(rule: ParamRule, value: unknown): string | undefined {
  switch (rule.type) {
    case 'enum':
      return typeof value === 'string' && rule.values.includes(value) ? undefined : 'not_allowed_value';
    case 'int':
      return Number.isInteger(value) && (value as number) >= rule.min && (value as number) <= rule.max ? undefined : 'not_allowed_value';
    case 'bool':
      return typeof value === 'boolean' ? undefined : 'not_allowed_value';
    case 'route':
      return typeof value === 'string' && (ROUTE_PATHS as readonly string[]).includes(value) ? undefined : 'not_allowed_value';
  }
}

/** The route pattern of an address (`/notebook/abc?x` → `/notebook/:id`), `*` when none matches. */
export function routePatternOf(location: string): (typeof ROUTE_PATHS)[number] {
  const path = location.split(/[?#]/)[0];
  return ROUTE_MATCHERS.find(({ pattern }) => pattern.test(path))?.path ?? '*';
}

const ROUTE_MATCHERS = ROUTE_PATHS.filter((path) => path !== '*').map((path) => ({
  path,
  pattern: new RegExp(`^${path.replace(/:\w+/g, '[^/]+')}/?$`),
}));

/**
 * What of an event may leave the device (run on every event before it is sent, in the lazily
 * loaded part): null for an unknown event; otherwise only the listed parameters with allowed
 * values — a page view's address becomes its route pattern, an unknown error kind 'other'.
 */
export function toWireEvent(event: { name: string; props: Record<string, unknown>; at: string }): AnalyticsEvent | null {
  if (!Object.hasOwn(EVENT_PARAMS, event.name)) return null;
  const name = event.name as AnalyticsEventName;
  const rules = EVENT_PARAMS[name] as Record<string, ParamRule>;
  const props: AnalyticsEvent['props'] = {};
  for (const [param, raw] of Object.entries(event.props)) {
    if (!Object.hasOwn(rules, param) || raw === undefined) continue;
    let value = raw;
    if (rules[param].type === 'route' && typeof value === 'string') value = routePatternOf(value);
    if (name === 'exception' && param === 'error' && paramProblem(rules[param], value)) value = 'other';
    if (!paramProblem(rules[param], value)) props[param] = value as string | number | boolean;
  }
  return { name, props, at: event.at };
}

/** Where events go. Swap it (tests, another provider) with setAnalyticsTransportLoader(). */
export interface AnalyticsTransport {
  /** Sends one batch; resolves false when it could not (offline, refused): the batch is then kept or dropped. */
  send(batch: AnalyticsBatch, options?: { unloading?: boolean }): Promise<boolean> | boolean;
}
