/** Types of ensure-chromium.mjs (plain JavaScript so that `npm test` runs it before any install of tsx). */
export const CHROMIUM_PATH: string;
export function ensureChromium(): void;
