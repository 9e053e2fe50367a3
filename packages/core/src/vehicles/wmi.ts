/**
 * World manufacturer identifiers (the first three VIN characters) of the makers an NEMT fleet
 * commonly runs, bundled so VIN lookup names the maker without an outside service. A VIN of a
 * maker not listed decodes its model year only; the NHTSA decoder, when configured, knows all.
 */
const WMI: Readonly<Record<string, string>> = {
  // Ford
  '1FA': 'Ford', '1FB': 'Ford', '1FC': 'Ford', '1FD': 'Ford', '1FM': 'Ford', '1FT': 'Ford', '2FM': 'Ford', '2FT': 'Ford',
  '3FA': 'Ford', '3FT': 'Ford', NM0: 'Ford', WF0: 'Ford',
  // General Motors
  '1G1': 'Chevrolet', '1GA': 'Chevrolet', '1GB': 'Chevrolet', '1GC': 'Chevrolet', '1GN': 'Chevrolet', '2G1': 'Chevrolet',
  '3GC': 'Chevrolet', '3GN': 'Chevrolet', KL7: 'Chevrolet', '1GD': 'GMC', '1GK': 'GMC', '1GT': 'GMC', '2GT': 'GMC', '1GY': 'Cadillac',
  '4GD': 'GMC', '1G4': 'Buick',
  // Stellantis
  '1C4': 'Chrysler', '2C3': 'Chrysler', '2C4': 'Chrysler', '3C4': 'Chrysler', '1B3': 'Dodge', '1D4': 'Dodge', '2B4': 'Dodge',
  '2D4': 'Dodge', '2D8': 'Dodge', '3D4': 'Dodge', '3C6': 'Ram', '1C6': 'Ram',
  // Toyota and Lexus
  '2T1': 'Toyota', '2T3': 'Toyota', '4T1': 'Toyota', '4T3': 'Toyota', '4T4': 'Toyota', '5TD': 'Toyota', '5TF': 'Toyota',
  JT2: 'Toyota', JTD: 'Toyota', JTE: 'Toyota', JTM: 'Toyota', JTN: 'Toyota', JTH: 'Lexus',
  // Honda
  '19X': 'Honda', '1HG': 'Honda', '2HG': 'Honda', '2HK': 'Honda', '5FN': 'Honda', '5J6': 'Honda', JHM: 'Honda',
  // Nissan
  '1N4': 'Nissan', '1N6': 'Nissan', '3N1': 'Nissan', '5N1': 'Nissan', JN1: 'Nissan', JN8: 'Nissan',
  // Hyundai and Kia
  '5NM': 'Hyundai', '5NP': 'Hyundai', KMH: 'Hyundai', KM8: 'Hyundai', '5XY': 'Kia', KNA: 'Kia', KND: 'Kia',
  // Mercedes-Benz vans
  WD3: 'Mercedes-Benz', WD4: 'Mercedes-Benz', WDB: 'Mercedes-Benz', W1W: 'Mercedes-Benz', W1X: 'Mercedes-Benz',
  W1Y: 'Mercedes-Benz', W1Z: 'Mercedes-Benz',
  // Volkswagen, Subaru, Mitsubishi
  '1V2': 'Volkswagen', '3VW': 'Volkswagen', WVW: 'Volkswagen', WV1: 'Volkswagen', WV2: 'Volkswagen',
  '4S3': 'Subaru', '4S4': 'Subaru', JF1: 'Subaru', JF2: 'Subaru', JA4: 'Mitsubishi',
  // buses and cutaways
  '4UZ': 'Freightliner', '1FV': 'Freightliner', '4DR': 'IC Bus', '1BA': 'Blue Bird',
};

/** The maker named by a VIN's first three characters, or null when the bundled table does not list it. */
export function manufacturerOfWmi(vin: string): string | null {
  return WMI[vin.slice(0, 3).toUpperCase()] ?? null;
}
