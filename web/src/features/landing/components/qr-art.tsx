/**
 * A decorative QR-like picture (finder patterns + pseudo-random modules). It is not a scannable code:
 * real QR codes are generated in the admin panel with the `qrcode` package, which stays out of this chunk.
 */
const SIZE = 25;

function buildModules(): string {
  let seed = 20240917;
  const random = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x7fffffff;
  };
  const inFinder = (x: number, y: number) =>
    (x < 8 && y < 8) || (x >= SIZE - 8 && y < 8) || (x < 8 && y >= SIZE - 8);
  let d = "";
  for (let y = 0; y < SIZE; y++) {
    for (let x = 0; x < SIZE; x++) {
      if (inFinder(x, y)) continue;
      const timing = (x === 6 || y === 6) && (x + y) % 2 === 0;
      if (timing || random() > 0.52) d += `M${x} ${y}h1v1h-1z`;
    }
  }
  for (const [fx, fy] of [
    [0, 0],
    [SIZE - 7, 0],
    [0, SIZE - 7],
  ] as const) {
    d += `M${fx} ${fy}h7v7h-7zM${fx + 1} ${fy + 1}v5h5v-5zM${fx + 2} ${fy + 2}h3v3h-3z`;
  }
  return d;
}

const modules = buildModules();

export function QrArt({ className }: { className?: string }) {
  return (
    <svg
      className={className}
      viewBox={`-2 -2 ${SIZE + 4} ${SIZE + 4}`}
      aria-hidden="true"
      focusable="false"
      shapeRendering="crispEdges"
    >
      <rect x="-2" y="-2" width={SIZE + 4} height={SIZE + 4} rx="2" fill="#fff" />
      <path d={modules} fill="#1c1917" fillRule="evenodd" />
    </svg>
  );
}
