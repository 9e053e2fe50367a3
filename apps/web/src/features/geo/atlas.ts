// The outlines live with the shared map module; the divisions editor reads them from here too.
export { loadAtlas, type Atlas } from '../../lib/map/atlas.ts';
