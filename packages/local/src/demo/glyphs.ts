/** The demo pictures' glyphs (art.ts): flat drawings of dishes and drinks as SVG, data more than code. */

export const GLYPHS = [
  "egg",
  "cheese",
  "salad",
  "soup",
  "steak",
  "drumstick",
  "fish",
  "pasta",
  "pizza",
  "burger",
  "cake",
  "icecream",
  "coffee",
  "latte",
  "teapot",
  "lemonade",
  "bottle",
  "martini",
  "mocktail",
  "beer",
  "wine",
  "hookah",
  "dice",
  "gamepad",
] as const;
export type Glyph = (typeof GLYPHS)[number];

/** Gradient start, gradient end, accent (used for details of the glyph). */
export type Palette = readonly [string, string, string];

const CREAM = "#fffaf2";
export const SHADOW = "rgba(0,0,0,0.16)";

/** Each glyph is drawn in a 200x200 box; `a` is the palette's accent colour. */
export const glyphs: Record<Glyph, (a: string) => string> = {
  egg: (a) => `
    <circle cx="100" cy="100" r="88" fill="${CREAM}"/>
    <circle cx="100" cy="100" r="70" fill="none" stroke="${a}" stroke-opacity="0.25" stroke-width="3"/>
    <path d="M62 92c-4-26 22-40 42-30 14-12 40-2 38 20 18 10 12 40-10 42-8 18-40 20-50 4-24 2-38-22-20-36z" fill="#ffffff" stroke="#f1e6d6" stroke-width="2"/>
    <circle cx="98" cy="98" r="20" fill="#f7b32b"/>
    <circle cx="92" cy="92" r="6" fill="#ffd97a"/>`,
  cheese: (a) => `
    <ellipse cx="100" cy="150" rx="86" ry="20" fill="${CREAM}"/>
    <path d="M30 140 L170 140 L170 92 L48 70 Z" fill="#f9d66b"/>
    <path d="M30 140 L48 70 L48 60 L170 82 L170 92 L48 70 Z" fill="#ffe79a"/>
    <circle cx="72" cy="112" r="10" fill="${a}" fill-opacity="0.35"/>
    <circle cx="120" cy="118" r="7" fill="${a}" fill-opacity="0.35"/>
    <circle cx="146" cy="104" r="5" fill="${a}" fill-opacity="0.35"/>
    <circle cx="100" cy="96" r="4" fill="${a}" fill-opacity="0.35"/>`,
  salad: (a) => `
    <ellipse cx="84" cy="86" rx="26" ry="16" fill="#6ab04c" transform="rotate(-25 84 86)"/>
    <ellipse cx="118" cy="80" rx="28" ry="16" fill="#8bc34a" transform="rotate(20 118 80)"/>
    <ellipse cx="100" cy="72" rx="22" ry="14" fill="#4caf50"/>
    <circle cx="66" cy="96" r="11" fill="#e74c3c"/>
    <circle cx="138" cy="98" r="10" fill="#e74c3c"/>
    <circle cx="108" cy="94" r="8" fill="#f9e79f"/>
    <path d="M24 100 H176 A76 62 0 0 1 24 100 Z" fill="${CREAM}"/>
    <path d="M40 124 H160" stroke="${a}" stroke-opacity="0.35" stroke-width="6" stroke-linecap="round"/>`,
  soup: (a) => `
    <path d="M78 30c-10 12 10 20 0 32M100 24c-10 12 10 20 0 32M122 30c-10 12 10 20 0 32" fill="none" stroke="${CREAM}" stroke-width="6" stroke-linecap="round" opacity="0.8"/>
    <ellipse cx="100" cy="96" rx="78" ry="16" fill="${a}"/>
    <path d="M22 96 H178 A78 70 0 0 1 22 96 Z" fill="${CREAM}"/>
    <path d="M36 120 H164" stroke="${a}" stroke-opacity="0.4" stroke-width="8" stroke-linecap="round"/>
    <rect x="76" y="164" width="48" height="10" rx="5" fill="${CREAM}"/>`,
  steak: (a) => `
    <ellipse cx="100" cy="112" rx="92" ry="62" fill="${CREAM}"/>
    <path d="M48 100c0-30 40-46 72-40 36 6 52 30 40 54-10 22-40 22-58 30-26 10-54-12-54-44z" fill="#8e3b22"/>
    <path d="M64 96c20-16 50-20 76-8M70 120c24 4 44-2 64-14" fill="none" stroke="#f3c9a8" stroke-width="5" stroke-linecap="round" opacity="0.8"/>
    <circle cx="150" cy="70" r="6" fill="#6ab04c"/><circle cx="160" cy="80" r="5" fill="#6ab04c"/>
    <path d="M30 120 h10" stroke="${a}" stroke-width="4" stroke-linecap="round" opacity="0.4"/>`,
  drumstick: () => `
    <ellipse cx="100" cy="150" rx="84" ry="22" fill="${CREAM}"/>
    <ellipse cx="82" cy="88" rx="52" ry="40" fill="#c87533" transform="rotate(-35 82 88)"/>
    <ellipse cx="74" cy="80" rx="30" ry="18" fill="#e09a55" transform="rotate(-35 74 80)"/>
    <rect x="112" y="108" width="44" height="16" rx="8" fill="${CREAM}" transform="rotate(40 112 108)"/>
    <circle cx="150" cy="146" r="11" fill="${CREAM}"/><circle cx="160" cy="134" r="11" fill="${CREAM}"/>`,
  fish: (a) => `
    <ellipse cx="100" cy="150" rx="88" ry="20" fill="${CREAM}" opacity="0.7"/>
    <path d="M30 100c30-46 100-46 128 0-28 46-98 46-128 0z" fill="${CREAM}"/>
    <path d="M152 100l34-28v56z" fill="${CREAM}"/>
    <path d="M82 70c10 20 10 40 0 60M108 68c8 20 8 44 0 64" fill="none" stroke="${a}" stroke-opacity="0.4" stroke-width="5"/>
    <circle cx="56" cy="94" r="7" fill="${a}"/>`,
  pasta: (a) => `
    <path d="M50 84c10-20 30-20 40 0s30 20 40 0 20-16 24 0" fill="none" stroke="#f5c542" stroke-width="9" stroke-linecap="round"/>
    <path d="M46 98c12-18 28-18 40 0s28 18 40 0 22-16 30 0" fill="none" stroke="#f7d774" stroke-width="9" stroke-linecap="round"/>
    <circle cx="100" cy="72" r="10" fill="#c0392b"/><circle cx="74" cy="78" r="6" fill="#6ab04c"/>
    <path d="M22 100 H178 A78 64 0 0 1 22 100 Z" fill="${CREAM}"/>
    <path d="M40 124 H160" stroke="${a}" stroke-opacity="0.35" stroke-width="6" stroke-linecap="round"/>`,
  pizza: () => `
    <circle cx="100" cy="100" r="86" fill="#d9973b"/>
    <circle cx="100" cy="100" r="74" fill="#f4c26b"/>
    <path d="M100 26V174M26 100H174M48 48L152 152M152 48L48 152" stroke="#d9973b" stroke-width="3" opacity="0.7"/>
    <circle cx="72" cy="70" r="11" fill="#c0392b"/><circle cx="130" cy="66" r="11" fill="#c0392b"/>
    <circle cx="132" cy="126" r="11" fill="#c0392b"/><circle cx="70" cy="130" r="11" fill="#c0392b"/>
    <circle cx="104" cy="100" r="11" fill="#c0392b"/>
    <circle cx="96" cy="56" r="5" fill="#27ae60"/><circle cx="142" cy="98" r="5" fill="#27ae60"/>
    <circle cx="58" cy="102" r="5" fill="#27ae60"/><circle cx="102" cy="142" r="5" fill="#27ae60"/>`,
  burger: () => `
    <path d="M36 86c0-40 128-40 128 0z" fill="#e0a458"/>
    <circle cx="80" cy="66" r="3" fill="${CREAM}"/><circle cx="104" cy="60" r="3" fill="${CREAM}"/><circle cx="126" cy="70" r="3" fill="${CREAM}"/>
    <path d="M30 94q10 10 20 0t20 0 20 0 20 0 20 0 20 0 20 0" fill="none" stroke="#6ab04c" stroke-width="10" stroke-linecap="round"/>
    <path d="M40 100 L160 100 L132 118 Z" fill="#f9ca24"/>
    <rect x="34" y="104" width="132" height="22" rx="11" fill="#6d3b1e"/>
    <path d="M36 132h128v8c0 12-10 18-22 18H58c-12 0-22-6-22-18z" fill="#e0a458"/>`,
  cake: (a) => `
    <ellipse cx="100" cy="158" rx="84" ry="16" fill="${CREAM}"/>
    <path d="M34 150 L34 100 L150 70 L166 100 L166 150 Z" fill="#fbe3c9"/>
    <path d="M34 100 L150 70 L166 100 Z" fill="${CREAM}"/>
    <path d="M34 118 H166" stroke="${a}" stroke-width="8"/>
    <path d="M34 136 H166" stroke="#7b4a2a" stroke-width="6" opacity="0.6"/>
    <circle cx="142" cy="62" r="10" fill="#c0392b"/>
    <path d="M142 52c2-8 8-12 14-12" fill="none" stroke="#2e7d32" stroke-width="3"/>`,
  icecream: (a) => `
    <path d="M68 100 L132 100 L100 186 Z" fill="#e1b07e"/>
    <path d="M76 112 L116 164M92 104 L124 142M124 112 L86 164M108 104 L76 142" stroke="#b9834d" stroke-width="3"/>
    <circle cx="82" cy="88" r="24" fill="#f8c8dc"/>
    <circle cx="120" cy="88" r="24" fill="${CREAM}"/>
    <circle cx="100" cy="60" r="26" fill="${a}"/>
    <circle cx="100" cy="32" r="7" fill="#c0392b"/>`,
  coffee: (a) => `
    <path d="M80 40c-8 10 8 18 0 28M100 34c-8 10 8 18 0 28M120 40c-8 10 8 18 0 28" fill="none" stroke="${CREAM}" stroke-width="5" stroke-linecap="round" opacity="0.8"/>
    <ellipse cx="100" cy="156" rx="80" ry="16" fill="${CREAM}"/>
    <ellipse cx="100" cy="152" rx="54" ry="8" fill="${a}" opacity="0.25"/>
    <circle cx="152" cy="104" r="18" fill="none" stroke="${CREAM}" stroke-width="8"/>
    <path d="M46 84 H154 V104 C154 136 130 150 100 150 C70 150 46 136 46 104 Z" fill="${CREAM}"/>
    <ellipse cx="100" cy="84" rx="54" ry="10" fill="#7b4a2a"/>
    <path d="M88 84c6-6 18-6 24 0-6 6-18 6-24 0z" fill="#f3d9b1"/>`,
  latte: (a) => `
    <rect x="120" y="18" width="8" height="70" rx="4" fill="${a}" transform="rotate(12 124 53)"/>
    <path d="M62 50 H138 L130 176 H70 Z" fill="${CREAM}" opacity="0.95"/>
    <path d="M67 130 H133 L130 176 H70 Z" fill="#8d5a36"/>
    <path d="M65 96 H135 L133 130 H67 Z" fill="#d9b48f"/>
    <path d="M63 62 H137 L135 96 H65 Z" fill="#fff"/>
    <ellipse cx="100" cy="50" rx="38" ry="6" fill="#fff"/>`,
  teapot: (a) => `
    <ellipse cx="100" cy="170" rx="76" ry="12" fill="${SHADOW}"/>
    <path d="M150 110c20-4 26-24 36-30-2 24-14 48-40 52z" fill="${CREAM}"/>
    <path d="M52 98c-30-6-30 44 4 40" fill="none" stroke="${CREAM}" stroke-width="10"/>
    <ellipse cx="100" cy="118" rx="56" ry="50" fill="${CREAM}"/>
    <path d="M58 110 H142" stroke="${a}" stroke-width="8" opacity="0.5"/>
    <ellipse cx="100" cy="70" rx="30" ry="8" fill="${a}"/>
    <circle cx="100" cy="58" r="8" fill="${a}"/>`,
  lemonade: (a) => `
    <rect x="112" y="14" width="8" height="80" rx="4" fill="${CREAM}" transform="rotate(15 116 54)"/>
    <path d="M58 50 H142 L132 178 H68 Z" fill="#ffffff" opacity="0.45"/>
    <path d="M62 78 H138 L132 178 H68 Z" fill="${a}" opacity="0.85"/>
    <rect x="76" y="100" width="18" height="18" rx="4" fill="#fff" opacity="0.6" transform="rotate(15 85 109)"/>
    <rect x="104" y="128" width="16" height="16" rx="4" fill="#fff" opacity="0.6" transform="rotate(-10 112 136)"/>
    <circle cx="140" cy="56" r="24" fill="#f9e04b" stroke="${CREAM}" stroke-width="4"/>
    <path d="M140 34V78M118 56H162M124 40L156 72M156 40L124 72" stroke="#fff6c2" stroke-width="2.5"/>
    <path d="M78 72c6 8 14 8 20 0" fill="none" stroke="#6ab04c" stroke-width="6" stroke-linecap="round"/>`,
  bottle: (a) => `
    <ellipse cx="100" cy="178" rx="50" ry="8" fill="${SHADOW}"/>
    <path d="M88 16 H112 V50 C134 64 138 84 138 104 V166 C138 174 132 178 124 178 H76 C68 178 62 174 62 166 V104 C62 84 66 64 88 50 Z" fill="${CREAM}"/>
    <rect x="86" y="10" width="28" height="12" rx="3" fill="${a}"/>
    <rect x="62" y="108" width="76" height="40" fill="${a}"/>
    <path d="M74 128c14-14 38 14 52 0" fill="none" stroke="${CREAM}" stroke-width="5"/>
    <rect x="72" y="70" width="8" height="30" rx="4" fill="#fff" opacity="0.8"/>`,
  martini: (a) => `
    <path d="M30 44 H170 L100 118 Z" fill="${CREAM}" opacity="0.9"/>
    <path d="M46 58 H154 L100 114 Z" fill="${a}" opacity="0.8"/>
    <rect x="96" y="114" width="8" height="52" fill="${CREAM}"/>
    <ellipse cx="100" cy="170" rx="36" ry="8" fill="${CREAM}"/>
    <path d="M120 30 L90 90" stroke="#8d6e63" stroke-width="3"/>
    <circle cx="104" cy="62" r="10" fill="#6ab04c"/><circle cx="104" cy="62" r="4" fill="#c0392b"/>`,
  mocktail: (a) => `
    <path d="M120 52 L176 36 L160 20 Z" fill="#ff7675"/><path d="M120 52 L176 36" stroke="#d63031" stroke-width="2"/>
    <path d="M120 52 L130 110" stroke="#8d6e63" stroke-width="3"/>
    <path d="M56 60 H144 L134 178 H66 Z" fill="#ffffff" opacity="0.45"/>
    <path d="M59 92 H141 L134 178 H66 Z" fill="${a}"/>
    <path d="M62 92 H138 L136 116 H64 Z" fill="#fff" opacity="0.3"/>
    <circle cx="82" cy="64" r="13" fill="#e84393"/><circle cx="98" cy="58" r="9" fill="#6ab04c"/>`,
  beer: () => `
    <path d="M142 74h14c14 0 20 10 20 24v28c0 14-6 24-20 24h-14" fill="none" stroke="${CREAM}" stroke-width="12"/>
    <rect x="44" y="56" width="104" height="124" rx="10" fill="#f4a81d"/>
    <path d="M66 82V160M92 82V160M118 82V160" stroke="#ffd36b" stroke-width="6" stroke-linecap="round" opacity="0.8"/>
    <circle cx="58" cy="56" r="18" fill="${CREAM}"/><circle cx="84" cy="46" r="22" fill="${CREAM}"/>
    <circle cx="112" cy="48" r="20" fill="${CREAM}"/><circle cx="136" cy="58" r="16" fill="${CREAM}"/>
    <rect x="42" y="54" width="108" height="16" fill="${CREAM}"/>`,
  wine: (a) => `
    <path d="M62 24 H138 C144 72 132 104 100 110 C68 104 56 72 62 24 Z" fill="${CREAM}" opacity="0.9"/>
    <path d="M60 62 H140 C138 90 124 106 100 108 C76 106 62 90 60 62 Z" fill="${a}"/>
    <rect x="96" y="108" width="8" height="54" fill="${CREAM}"/>
    <ellipse cx="100" cy="166" rx="38" ry="9" fill="${CREAM}"/>
    <path d="M74 36c-2 14 0 26 4 34" stroke="#fff" stroke-width="5" stroke-linecap="round" opacity="0.7"/>`,
  hookah: (a) => `
    <rect x="82" y="22" width="36" height="12" rx="3" fill="#e74c3c"/>
    <rect x="86" y="14" width="8" height="8" fill="#ff9f43"/><rect x="104" y="14" width="8" height="8" fill="#ff9f43"/>
    <path d="M80 34 H120 L110 52 H90 Z" fill="${CREAM}"/>
    <ellipse cx="100" cy="60" rx="34" ry="6" fill="${CREAM}"/>
    <rect x="94" y="60" width="12" height="56" fill="${CREAM}"/>
    <path d="M104 98 C150 92 176 120 166 160" fill="none" stroke="${a}" stroke-width="7" stroke-linecap="round"/>
    <rect x="160" y="156" width="14" height="24" rx="4" fill="${CREAM}"/>
    <path d="M100 112 C136 112 148 140 140 160 C134 176 118 182 100 182 C82 182 66 176 60 160 C52 140 64 112 100 112 Z" fill="${CREAM}" opacity="0.9"/>
    <path d="M62 150 H138" stroke="${a}" stroke-width="8" opacity="0.5"/>`,
  dice: (a) => `
    <g transform="rotate(-14 70 104)">
      <rect x="24" y="58" width="92" height="92" rx="18" fill="${CREAM}"/>
      <circle cx="48" cy="82" r="8" fill="${a}"/><circle cx="70" cy="104" r="8" fill="${a}"/><circle cx="92" cy="126" r="8" fill="${a}"/>
    </g>
    <g transform="rotate(16 140 96)">
      <rect x="100" y="52" width="80" height="80" rx="16" fill="#ffffff"/>
      <circle cx="120" cy="72" r="7" fill="${a}"/><circle cx="160" cy="72" r="7" fill="${a}"/>
      <circle cx="120" cy="112" r="7" fill="${a}"/><circle cx="160" cy="112" r="7" fill="${a}"/>
    </g>`,
  gamepad: (a) => `
    <path d="M52 62 H148 C176 62 190 100 192 134 C194 160 172 168 158 150 L140 128 H60 L42 150 C28 168 6 160 8 134 C10 100 24 62 52 62 Z" fill="${CREAM}"/>
    <rect x="46" y="86" width="12" height="36" rx="3" fill="${a}"/><rect x="34" y="98" width="36" height="12" rx="3" fill="${a}"/>
    <circle cx="146" cy="88" r="7" fill="#e74c3c"/><circle cx="162" cy="104" r="7" fill="#3498db"/>
    <circle cx="130" cy="104" r="7" fill="#2ecc71"/><circle cx="146" cy="120" r="7" fill="#f1c40f"/>
    <circle cx="82" cy="124" r="11" fill="${a}" opacity="0.6"/><circle cx="118" cy="124" r="11" fill="${a}" opacity="0.6"/>`,
};
