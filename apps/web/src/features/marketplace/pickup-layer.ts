import L from 'leaflet';
import type { MarkerLook } from './map-style.ts';
import { markerAt } from './pickup-hit.ts';

/** One pickup the layer draws. */
export interface PickupPoint {
  id: string;
  lat: number;
  lng: number;
  look: MarkerLook;
  /** Drawn last, over the others. */
  front: boolean;
  tooltip: string;
}

/** The canvas reaches this share of the view beyond each edge, so a pan shows drawn markers until it ends. */
const PAD = 0.15;

/**
 * Thousands of pickups on one canvas, drawn in a few milliseconds: a Leaflet layer of its own
 * rather than a Leaflet layer per marker (each with its own listeners and bookkeeping, which cost
 * most of a second for 5,000). Clicks and hovers are matched to the nearest marker under the
 * pointer; hovering shows the marker's tooltip.
 */
export class PickupLayer extends L.Layer {
  private canvas: HTMLCanvasElement | null = null;
  private points: PickupPoint[] = [];
  /** The points' positions on the canvas as last drawn, for hit tests (container pixels). */
  private drawn: { point: PickupPoint; x: number; y: number }[] = [];
  private tooltip = L.tooltip({ direction: 'top', offset: [0, -6] });
  private hovered: string | null = null;
  private map: L.Map | null = null;
  private readonly projected = new WeakMap<PickupPoint, { zoom: number; x: number; y: number }>();

  constructor(private readonly onPick: (id: string) => void) {
    super();
  }

  override onAdd(map: L.Map): this {
    const canvas = L.DomUtil.create('canvas', 'leaflet-zoom-hide') as HTMLCanvasElement;
    canvas.style.pointerEvents = 'none';
    map.getPanes().overlayPane.appendChild(canvas);
    this.canvas = canvas;
    this.map = map;
    map.on('moveend zoomend resize viewreset', this.redraw, this);
    map.on('click', this.click, this);
    map.on('mousemove', this.hover, this);
    map.on('mouseout', this.leave, this);
    this.redraw();
    return this;
  }

  override onRemove(map: L.Map): this {
    map.off('moveend zoomend resize viewreset', this.redraw, this);
    map.off('click', this.click, this);
    map.off('mousemove', this.hover, this);
    map.off('mouseout', this.leave, this);
    this.tooltip.remove();
    this.canvas?.remove();
    this.canvas = null;
    this.map = null;
    return this;
  }

  /** Replaces what is drawn. */
  setPoints(points: PickupPoint[]): void {
    // the front ones last, so they are drawn over the rest and found first
    this.points = points.some((p) => p.front) ? [...points.filter((p) => !p.front), ...points.filter((p) => p.front)] : points;
    this.redraw();
  }

  private redraw(): void {
    const map = this.map;
    const canvas = this.canvas;
    if (!map || !canvas) return;
    const size = map.getSize();
    const pad = size.multiplyBy(PAD).round();
    const topLeft = map.containerPointToLayerPoint(pad.multiplyBy(-1));
    const width = size.x + 2 * pad.x;
    const height = size.y + 2 * pad.y;
    const ratio = window.devicePixelRatio || 1;
    if (canvas.width !== Math.round(width * ratio) || canvas.height !== Math.round(height * ratio)) {
      canvas.width = Math.round(width * ratio);
      canvas.height = Math.round(height * ratio);
      canvas.style.width = `${width}px`;
      canvas.style.height = `${height}px`;
    }
    L.DomUtil.setPosition(canvas, topLeft);
    const ctx = canvas.getContext('2d');
    if (!ctx) return;
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    ctx.clearRect(0, 0, width, height);
    const drawn: typeof this.drawn = [];
    // one path per look (a fill and a stroke for all its markers), in the order the looks come
    const groups = new Map<string, { look: MarkerLook; at: { x: number; y: number }[] }>();
    // world pixels at this zoom, kept per point (the same points come back as the slider moves),
    // less where the container's top left corner lies in them
    const zoom = map.getZoom();
    const corner = map.getPixelOrigin().add(map.containerPointToLayerPoint([0, 0]));
    for (const point of this.points) {
      let world = this.projected.get(point);
      if (!world || world.zoom !== zoom) {
        const p = map.project([point.lat, point.lng], zoom);
        world = { zoom, x: p.x, y: p.y };
        this.projected.set(point, world);
      }
      const at = { x: world.x - corner.x, y: world.y - corner.y };
      const x = at.x + pad.x;
      const y = at.y + pad.y;
      const r = point.look.radius;
      if (x < -r || y < -r || x > width + r || y > height + r) continue;
      drawn.push({ point, x: at.x, y: at.y });
      const { look } = point;
      const key = `${look.radius}|${look.fillColor}|${look.fillOpacity}|${look.color}|${look.weight}|${look.opacity}|${point.front}`;
      let group = groups.get(key);
      if (!group) groups.set(key, (group = { look, at: [] }));
      group.at.push({ x, y });
    }
    const ordered = [...groups.entries()].sort(([a], [b]) => Number(a.endsWith('true')) - Number(b.endsWith('true')));
    for (const [, { look, at }] of ordered) {
      ctx.beginPath();
      for (const { x, y } of at) {
        ctx.moveTo(x + look.radius, y);
        ctx.arc(x, y, look.radius, 0, Math.PI * 2);
      }
      ctx.globalAlpha = look.fillOpacity;
      ctx.fillStyle = look.fillColor;
      ctx.fill();
      if (look.weight > 0) {
        ctx.globalAlpha = look.opacity;
        ctx.lineWidth = look.weight;
        ctx.strokeStyle = look.color;
        ctx.stroke();
      }
    }
    this.drawn = drawn;
  }

  private at(p: L.Point): PickupPoint | null {
    return markerAt(this.drawn, p);
  }

  private click(e: L.LeafletMouseEvent): void {
    const hit = this.at(e.containerPoint);
    if (hit) this.onPick(hit.id);
  }

  private hover(e: L.LeafletMouseEvent): void {
    const map = this.map;
    if (!map) return;
    const hit = this.at(e.containerPoint);
    map.getContainer().style.cursor = hit ? 'pointer' : '';
    if (hit?.id === this.hovered) return;
    this.hovered = hit?.id ?? null;
    if (hit) this.tooltip.setLatLng([hit.lat, hit.lng]).setContent(hit.tooltip).addTo(map);
    else this.tooltip.remove();
  }

  private leave(): void {
    this.hovered = null;
    this.tooltip.remove();
  }
}
