import { useId, useMemo } from 'react';
import { encode } from 'uqr';
import * as css from './Round.css.ts';

/**
 * A QR code of `value` drawn as SVG (uqr encodes; this only draws the dark modules as one path).
 * `label` is its text alternative: what the code says, for those who cannot scan it.
 */
export function QrCode({ value, label }: { value: string; label: string }) {
  const titleId = useId();
  const { size, path } = useMemo(() => {
    const qr = encode(value, { ecc: 'M', border: 2 });
    const parts: string[] = [];
    qr.data.forEach((row, y) =>
      row.forEach((dark, x) => {
        if (dark) parts.push(`M${x} ${y}h1v1h-1z`);
      }),
    );
    return { size: qr.size, path: parts.join('') };
  }, [value]);
  return (
    <svg
      className={css.qr}
      viewBox={`0 0 ${size} ${size}`}
      role="img"
      aria-labelledby={titleId}
      shapeRendering="crispEdges"
      data-testid="claim-qr"
      data-value={value}
    >
      <title id={titleId}>{label}</title>
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
