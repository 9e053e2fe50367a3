import { addDays, vinCheckDigit } from '@tripline/core';
import type pg from 'pg';

/** A VIN of the demo with a valid check digit: a 2019 Chrysler Pacifica of the given serial. */
function demoVin(serial: number): string {
  const draft = `2C4RC1BG0KR${String(serial).padStart(6, '0')}`;
  return draft.slice(0, 8) + vinCheckDigit(draft) + draft.slice(9);
}

/**
 * Vehicle details of the partners' fleets (VINs with valid check digits, capabilities): miles per
 * gallon by type, what each vehicle can carry, where the operator's own vehicles stay overnight
 * (half go home with a driver, half to the company's garage), and one retired van per outside
 * partner, termed a month ago, so the list's termed filter has something to show.
 */
export async function addDemoVehicles(client: pg.PoolClient, today: string): Promise<void> {
  await client.query(
    `update vehicles set
       mpg = case when vehicle_type like 'Ambulatory%' then 31.5 when vehicle_type like 'Wheelchair%' then 19.5 else 14.5 end
             + (abs(hashtext(vehicle_number)) % 3),
       ambulatory_ability = array_remove(array[
         case when ambulatory_seating_capacity > 0 then 'Ambulatory' end,
         case when wheelchair_seating_capacity > 0 then 'Wheelchair' end,
         case when stretcher_capacity > 0 then 'Gurney' end], null)`,
  );
  // the operator's own fleet: the first half go home with a driver of the same number, the rest to the garage
  await client.query(
    `with fleet as (
       select v.id, p.id as partner_id, p.contact_number, row_number() over (order by v.vehicle_number) as n, count(*) over () as total
         from vehicles v join contacts p on p.id = v.partner_id
        where p.name like 'Secure%' and p.parent_id is null),
     drivers as (
       select d.parent_id, d.employee_number, row_number() over (partition by d.parent_id order by d.employee_number) as n
         from contacts d where 'Driver' = any(d.types) and d.employee_number is not null)
     update vehicles v set
       vehicle_location_type = case when f.n <= f.total / 2 and d.employee_number is not null then 'TakeHomeEmployee' else 'Garage' end,
       take_home_employee_number = case when f.n <= f.total / 2 then d.employee_number end,
       location_number = case when f.n > f.total / 2 or d.employee_number is null then f.contact_number::text end
       from fleet f left join drivers d on d.parent_id = f.partner_id and d.n = f.n
      where v.id = f.id`,
  );
  const { rows } = await client.query<{ id: string; code: string }>(
    `select p.id, min(split_part(v.vehicle_number, '-', 1)) as code
       from contacts p join vehicles v on v.partner_id = p.id
      where p.parent_id is null and p.name not like 'Secure%'
      group by p.id order by min(v.vehicle_number)`,
  );
  const termDate = addDays(today, -30);
  for (const [i, p] of rows.entries()) {
    await client.query(
      `insert into vehicles (vehicle_number, vehicle_type, vin, license_plate, manufacturer, model, model_year, mpg, ext_color,
         ambulatory_seating_capacity, wheelchair_seating_capacity, ambulatory_ability, term_date, available, partner_id, description)
       values ($1, 'Wheelchair Van', $2, null, 'Chrysler', 'Pacifica', 2019, 21.0, 'White', 3, 1, '{Ambulatory,Wheelchair}', $3, false, $4,
               'Retired after a collision')`,
      [`${p.code}-190`, demoVin(900100 + i), termDate, p.id],
    );
  }
}
