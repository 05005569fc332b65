import {
  categoryOf,
  countries,
  merchantSeeds,
  places,
  type Country,
  type MerchantCategory,
  type MerchantSeed,
  type Place,
} from './reference-data.ts';
import type { Random } from './random.ts';
import type { MerchantRecord } from './world.ts';

/** A merchant record with what the generator draws its transactions from: the seed, its place, its category. */
export interface Merchant {
  record: MerchantRecord;
  seed: MerchantSeed;
  place: Place;
  category: MerchantCategory;
  /** Store number on card descriptions. */
  store: string;
}

/** An 11-digit Australian Business Number whose check digits are valid (weighted sum divisible by 89). */
function abn(r: Random): string {
  const weights = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19];
  const tail = r.digits(9);
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += Number(tail[i]) * weights[i + 2]!;
  const lead = (89 - (sum % 89)) % 89; // 10 * (first digit - 1) + second digit
  return `${Math.floor(lead / 10) + 1}${lead % 10}${tail}`;
}

function phone(r: Random, place: Place): { local: string; international: string } {
  const { area, lead } = place.phone;
  const dial = countries[place.country].dialCode;
  if (place.country === 'AU') {
    const number = `${lead}${r.digits(3)} ${r.digits(4)}`;
    return { local: `(0${area}) ${number}`, international: `+${dial} ${area} ${number}` };
  }
  if (place.country === 'NZ') {
    const number = `${lead}${r.digits(2)} ${r.digits(4)}`;
    return { local: `(0${area}) ${number}`, international: `+${dial} ${area} ${number}` };
  }
  const number =
    area.length === 2 ? `${lead}${r.digits(3)} ${r.digits(4)}` : `${lead}${r.digits(2)} ${r.digits(4)}`;
  return { local: `0${area} ${number}`, international: `+${dial} ${area} ${number}` };
}

function businessNumber(r: Random, country: Country): string {
  if (country === 'AU') return abn(r);
  if (country === 'NZ') return `94${r.digits(11)}`; // NZBN
  return `0${r.digits(7)}`; // Companies House number
}

/** Every merchant of the reference seeds, placed, numbered and given logos. */
export function buildMerchants(r: Random): Merchant[] {
  const merchants = merchantSeeds.map((seed): Merchant => {
    const place =
      seed.suburb === undefined
        ? r.pick(places.filter((p) => p.country === seed.country))
        : places.find((p) => p.suburb === seed.suburb)!;
    const category = categoryOf(seed.category);
    const routeNo = String(r.int(1, 420));
    const route = r.pick(countries[seed.country].streets);
    const region =
      seed.country === 'AU'
        ? `${place.suburb} ${place.state} ${place.postcode}`
        : `${place.suburb} ${place.postcode}`;
    const jitter = (): number => r.int(-15000, 15000) / 1_000_000;
    const { division, subdivision, group, class: cls } = category.anzsic;
    return {
      seed,
      place,
      category,
      store: r.digits(4),
      record: {
        id: r.uuid(),
        businessName: seed.name,
        ABN: businessNumber(r, seed.country),
        website: `https://www.${seed.domain}`,
        phoneNumber: phone(r, place),
        keywords: [...seed.keywords],
        country: seed.country,
        location: {
          routeNo,
          route,
          postalCode: place.postcode,
          suburb: place.suburb,
          state: place.state,
          country: seed.country,
          formattedAddress: `${routeNo} ${route}, ${region}, ${countries[seed.country].name}`,
          geometry: { lat: (place.lat + jitter()).toFixed(6), lng: (place.lng + jitter()).toFixed(6) },
        },
        anzsic: {
          division: { ...division },
          subdivision: { ...subdivision },
          group: { ...group },
          class: { ...cls },
        },
        logo: { master: null, thumb: null },
      },
    };
  });

  // Logos: a few merchants have none, a few a master only, the rest both; all five formats appear.
  const order = r.faker.helpers.shuffle(merchants.map((_, i) => i));
  const none = r.int(5, 7);
  const masterOnly = r.int(5, 7);
  const formats = ['svg', 'png', 'jpg', 'jpeg', 'gif'];
  order.forEach((index, position) => {
    const merchant = merchants[index]!;
    const id = merchant.record.id;
    if (position < none) return;
    const both = position >= none + masterOnly;
    const k = position - none - masterOnly;
    const master = both && k < formats.length ? formats[k]! : r.weighted(formatWeights);
    merchant.record.logo = {
      master: `${id}-master.${master}`,
      thumb: both ? `${id}-thumb.${r.weighted(thumbWeights)}` : null,
    };
  });
  return merchants;
}

const formatWeights = [
  { weight: 5, value: 'svg' },
  { weight: 4, value: 'png' },
  { weight: 1, value: 'jpg' },
  { weight: 1, value: 'jpeg' },
  { weight: 0.5, value: 'gif' },
];
const thumbWeights = [
  { weight: 8, value: 'png' },
  { weight: 1, value: 'jpg' },
  { weight: 0.5, value: 'gif' },
];
