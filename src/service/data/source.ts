/**
 * The small source table the illustrative dataset is generated from. Neighbourhood names are real;
 * every figure is an illustrative guess (order of magnitude only), not market data.
 * `rent2`: annual rent of a 2-bed home in local currency; `land`: price per sqm; null = no such data.
 */
export interface CountrySource {
  name: string
  currency: string
}

export const COUNTRIES: Record<string, CountrySource> = {
  NG: { name: 'Nigeria', currency: 'NGN' },
  GH: { name: 'Ghana', currency: 'GHS' },
  KE: { name: 'Kenya', currency: 'KES' }
}

export interface NeighbourhoodSource {
  name: string
  city: string
  countryCode: keyof typeof COUNTRIES
  rent2: number | null
  land: number | null
}

type Row = [
  name: string,
  city: string,
  countryCode: string,
  rent2: number | null,
  land: number | null
]

const ROWS: Row[] = [
  ['Lekki Phase 1', 'Lagos', 'NG', 9_000_000, 650_000],
  ['Ikoyi', 'Lagos', 'NG', 18_000_000, 1_400_000],
  ['Victoria Island', 'Lagos', 'NG', 15_000_000, 1_200_000],
  ['Banana Island', 'Lagos', 'NG', 35_000_000, 2_500_000],
  ['Yaba', 'Lagos', 'NG', 3_500_000, null],
  ['Surulere', 'Lagos', 'NG', 3_000_000, 280_000],
  ['Ikeja GRA', 'Lagos', 'NG', 7_000_000, 520_000],
  ['Ajah', 'Lagos', 'NG', 3_200_000, 190_000],
  ['Gbagada', 'Lagos', 'NG', 3_800_000, null],
  ['Magodo', 'Lagos', 'NG', 5_500_000, 330_000],
  ['Ikota', 'Lagos', 'NG', 4_500_000, null],
  ['Sangotedo', 'Lagos', 'NG', 2_600_000, 120_000],
  ['Ibeju-Lekki', 'Lagos', 'NG', null, 45_000],
  ['Epe', 'Lagos', 'NG', null, 18_000],
  ['Maitama', 'Abuja', 'NG', 12_000_000, 900_000],
  ['Asokoro', 'Abuja', 'NG', 11_000_000, 850_000],
  ['Wuse 2', 'Abuja', 'NG', 8_000_000, null],
  ['Gwarinpa', 'Abuja', 'NG', 4_000_000, 210_000],
  ['Jabi', 'Abuja', 'NG', 6_000_000, 420_000],
  ['Katampe', 'Abuja', 'NG', 5_000_000, 300_000],
  ['Lugbe', 'Abuja', 'NG', 1_800_000, 60_000],
  ['Kubwa', 'Abuja', 'NG', 1_600_000, null],
  ['Kuje', 'Abuja', 'NG', null, 25_000],
  ['GRA Phase 2', 'Port Harcourt', 'NG', 4_500_000, 260_000],
  ['Trans-Amadi', 'Port Harcourt', 'NG', 2_800_000, 150_000],
  ['Rumuokoro', 'Port Harcourt', 'NG', 1_500_000, null],
  ['Old GRA', 'Port Harcourt', 'NG', 3_500_000, 220_000],
  ['Eliozu', 'Port Harcourt', 'NG', null, 55_000],
  ['Bodija', 'Ibadan', 'NG', 1_500_000, 90_000],
  ['Jericho', 'Ibadan', 'NG', 1_800_000, 110_000],
  ['Oluyole', 'Ibadan', 'NG', 1_200_000, null],
  ['Akobo', 'Ibadan', 'NG', 900_000, 40_000],
  ['Samonda', 'Ibadan', 'NG', 1_100_000, null],
  ['East Legon', 'Accra', 'GH', 60_000, 1_800],
  ['Cantonments', 'Accra', 'GH', 110_000, 3_200],
  ['Airport Residential Area', 'Accra', 'GH', 95_000, null],
  ['Osu', 'Accra', 'GH', 45_000, 1_500],
  ['Westlands', 'Nairobi', 'KE', 1_300_000, 95_000],
  ['Kilimani', 'Nairobi', 'KE', 1_100_000, null],
  ['Karen', 'Nairobi', 'KE', 1_800_000, 40_000],
  ['Lavington', 'Nairobi', 'KE', 1_500_000, 70_000]
]

export const NEIGHBOURHOODS: NeighbourhoodSource[] = ROWS.map(
  ([name, city, countryCode, rent2, land]) => ({
    name,
    city,
    countryCode,
    rent2,
    land
  })
)
