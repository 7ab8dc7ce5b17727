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

export const NEIGHBOURHOODS: NeighbourhoodSource[] = [
  { name: 'Lekki Phase 1', city: 'Lagos', countryCode: 'NG', rent2: 9_000_000, land: 650_000 },
  { name: 'Ikoyi', city: 'Lagos', countryCode: 'NG', rent2: 18_000_000, land: 1_400_000 },
  { name: 'Victoria Island', city: 'Lagos', countryCode: 'NG', rent2: 15_000_000, land: 1_200_000 },
  { name: 'Banana Island', city: 'Lagos', countryCode: 'NG', rent2: 35_000_000, land: 2_500_000 },
  { name: 'Yaba', city: 'Lagos', countryCode: 'NG', rent2: 3_500_000, land: null },
  { name: 'Surulere', city: 'Lagos', countryCode: 'NG', rent2: 3_000_000, land: 280_000 },
  { name: 'Ikeja GRA', city: 'Lagos', countryCode: 'NG', rent2: 7_000_000, land: 520_000 },
  { name: 'Ajah', city: 'Lagos', countryCode: 'NG', rent2: 3_200_000, land: 190_000 },
  { name: 'Gbagada', city: 'Lagos', countryCode: 'NG', rent2: 3_800_000, land: null },
  { name: 'Magodo', city: 'Lagos', countryCode: 'NG', rent2: 5_500_000, land: 330_000 },
  { name: 'Ikota', city: 'Lagos', countryCode: 'NG', rent2: 4_500_000, land: null },
  { name: 'Sangotedo', city: 'Lagos', countryCode: 'NG', rent2: 2_600_000, land: 120_000 },
  { name: 'Ibeju-Lekki', city: 'Lagos', countryCode: 'NG', rent2: null, land: 45_000 },
  { name: 'Epe', city: 'Lagos', countryCode: 'NG', rent2: null, land: 18_000 },
  { name: 'Maitama', city: 'Abuja', countryCode: 'NG', rent2: 12_000_000, land: 900_000 },
  { name: 'Asokoro', city: 'Abuja', countryCode: 'NG', rent2: 11_000_000, land: 850_000 },
  { name: 'Wuse 2', city: 'Abuja', countryCode: 'NG', rent2: 8_000_000, land: null },
  { name: 'Gwarinpa', city: 'Abuja', countryCode: 'NG', rent2: 4_000_000, land: 210_000 },
  { name: 'Jabi', city: 'Abuja', countryCode: 'NG', rent2: 6_000_000, land: 420_000 },
  { name: 'Katampe', city: 'Abuja', countryCode: 'NG', rent2: 5_000_000, land: 300_000 },
  { name: 'Lugbe', city: 'Abuja', countryCode: 'NG', rent2: 1_800_000, land: 60_000 },
  { name: 'Kubwa', city: 'Abuja', countryCode: 'NG', rent2: 1_600_000, land: null },
  { name: 'Kuje', city: 'Abuja', countryCode: 'NG', rent2: null, land: 25_000 },
  {
    name: 'GRA Phase 2',
    city: 'Port Harcourt',
    countryCode: 'NG',
    rent2: 4_500_000,
    land: 260_000
  },
  {
    name: 'Trans-Amadi',
    city: 'Port Harcourt',
    countryCode: 'NG',
    rent2: 2_800_000,
    land: 150_000
  },
  { name: 'Rumuokoro', city: 'Port Harcourt', countryCode: 'NG', rent2: 1_500_000, land: null },
  { name: 'Old GRA', city: 'Port Harcourt', countryCode: 'NG', rent2: 3_500_000, land: 220_000 },
  { name: 'Eliozu', city: 'Port Harcourt', countryCode: 'NG', rent2: null, land: 55_000 },
  { name: 'Bodija', city: 'Ibadan', countryCode: 'NG', rent2: 1_500_000, land: 90_000 },
  { name: 'Jericho', city: 'Ibadan', countryCode: 'NG', rent2: 1_800_000, land: 110_000 },
  { name: 'Oluyole', city: 'Ibadan', countryCode: 'NG', rent2: 1_200_000, land: null },
  { name: 'Akobo', city: 'Ibadan', countryCode: 'NG', rent2: 900_000, land: 40_000 },
  { name: 'Samonda', city: 'Ibadan', countryCode: 'NG', rent2: 1_100_000, land: null },
  { name: 'East Legon', city: 'Accra', countryCode: 'GH', rent2: 60_000, land: 1_800 },
  { name: 'Cantonments', city: 'Accra', countryCode: 'GH', rent2: 110_000, land: 3_200 },
  { name: 'Airport Residential Area', city: 'Accra', countryCode: 'GH', rent2: 95_000, land: null },
  { name: 'Osu', city: 'Accra', countryCode: 'GH', rent2: 45_000, land: 1_500 },
  { name: 'Westlands', city: 'Nairobi', countryCode: 'KE', rent2: 1_300_000, land: 95_000 },
  { name: 'Kilimani', city: 'Nairobi', countryCode: 'KE', rent2: 1_100_000, land: null },
  { name: 'Karen', city: 'Nairobi', countryCode: 'KE', rent2: 1_800_000, land: 40_000 },
  { name: 'Lavington', city: 'Nairobi', countryCode: 'KE', rent2: 1_500_000, land: 70_000 }
]
