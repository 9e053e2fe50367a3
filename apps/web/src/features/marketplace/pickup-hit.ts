/** How far (px) beyond a marker's edge a click or hover still finds it. */
const HIT_SLOP = 3;

/** The marker under a point (container pixels): of those within reach, the one drawn last, as the eye sees it on top. */
export function markerAt<P extends { look: { radius: number } }>(drawn: readonly { point: P; x: number; y: number }[], p: { x: number; y: number }): P | null {
  for (let i = drawn.length - 1; i >= 0; i--) {
    const d = drawn[i];
    const reach = d.point.look.radius + HIT_SLOP;
    if ((d.x - p.x) ** 2 + (d.y - p.y) ** 2 <= reach * reach) return d.point;
  }
  return null;
}

