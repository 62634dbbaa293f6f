/**
 * Master list of shrimp (vannamei / tiger shrimp) diseases, in both languages, with the
 * signs a pond keeper sees. Shipped in the bundle rather than seeded in the database:
 * the list is static reference text, the disease screen needs it offline on its first
 * start, and `GET /api/master/disease` answers this same list, so device and server can
 * never disagree. Ids are stable forever (records store them); add new ones at the end.
 */
export interface MasterDisease {
  id: number;
  code: string;
  name_id: string;
  name_en: string;
  signs_id: string;
  signs_en: string;
}

export const MASTER_DISEASES: readonly MasterDisease[] = [
  {
    id: 1,
    code: 'WSSV',
    name_id: 'Bintik putih (White Spot Syndrome Virus)',
    name_en: 'White spot disease (WSSV)',
    signs_id:
      'Bintik putih 0,5–2 mm pada cangkang terutama karapas dan ekor; udang merah muda kemerahan, lemah, berenang di permukaan dan pinggir kolam; nafsu makan turun tajam; kematian massal bisa mencapai 100 % dalam 3–10 hari, sering setelah suhu turun atau hujan.',
    signs_en:
      'White spots 0.5–2 mm on the shell, mostly carapace and tail; pinkish-red body, weak shrimp swimming at the surface and pond edges; sharp drop in feeding; mass mortality up to 100 % within 3–10 days, often after a temperature drop or rain.',
  },
  {
    id: 2,
    code: 'AHPND',
    name_id: 'AHPND / EMS (nekrosis hepatopankreas akut)',
    name_en: 'AHPND / EMS (acute hepatopancreatic necrosis)',
    signs_id:
      'Menyerang awal siklus (DOC 10–40); hepatopankreas pucat, mengecil dan keras, tidak bisa dipencet; usus kosong; udang lemah, cangkang lunak, mati di dasar kolam; kematian hingga 100 %. Disebabkan Vibrio parahaemolyticus pembawa toksin PirAB.',
    signs_en:
      'Early in the cycle (DOC 10–40); pale, shrunken, hard hepatopancreas that does not squash; empty gut; weak shrimp with soft shells dying on the pond bottom; mortality up to 100 %. Caused by Vibrio parahaemolyticus carrying the PirAB toxin.',
  },
  {
    id: 3,
    code: 'EHP',
    name_id: 'EHP (Enterocytozoon hepatopenaei)',
    name_en: 'EHP (Enterocytozoon hepatopenaei, microsporidiosis)',
    signs_id:
      'Pertumbuhan lambat dan ukuran sangat tidak seragam meski makan normal; kematian rendah; sering disertai kotoran putih; hepatopankreas pucat atau lembek. Dipastikan dengan PCR.',
    signs_en:
      'Slow growth and very uneven sizes although feeding looks normal; low mortality; often with white feces; pale or soft hepatopancreas. Confirmed by PCR.',
  },
  {
    id: 4,
    code: 'IMNV',
    name_id: 'IMNV (nekrosis otot / myo)',
    name_en: 'IMNV (infectious myonecrosis)',
    signs_id:
      'Otot perut dan ekor putih susu atau keruh, lalu kemerahan seperti dimasak; sering muncul setelah stres (panen parsial, sampling, suhu atau salinitas berubah); kematian bertahap dan berlangsung lama (40–70 %).',
    signs_en:
      'Milky white or opaque muscle in the abdomen and tail, later reddish like cooked; often after stress (partial harvest, sampling, temperature or salinity swings); slow, lasting mortality (40–70 %).',
  },
  {
    id: 5,
    code: 'WFD',
    name_id: 'Kotoran putih (White Feces Disease)',
    name_en: 'White feces disease (WFD)',
    signs_id:
      'Benang kotoran putih mengapung di permukaan dan berkumpul di sudut kolam atau di anco; usus putih; nafsu makan turun; pertumbuhan lambat; biasanya DOC 30 ke atas. Terkait Vibrio, gregarin dan EHP.',
    signs_en:
      'White fecal strings floating on the surface and gathering in pond corners or on the feed trays; white gut; lower feeding; slow growth; usually from DOC 30. Linked to Vibrio, gregarines and EHP.',
  },
  {
    id: 6,
    code: 'BG',
    name_id: 'Insang hitam (Black Gill)',
    name_en: 'Black gill',
    signs_id:
      'Insang berwarna coklat sampai hitam; udang sesak napas, naik ke permukaan saat oksigen rendah; biasanya karena dasar kolam kotor, amonia atau nitrit tinggi, atau infeksi jamur dan bakteri.',
    signs_en:
      'Brown to black gills; shrimp short of breath, coming up to the surface when oxygen is low; usually from a dirty pond bottom, high ammonia or nitrite, or fungal and bacterial infection.',
  },
  {
    id: 7,
    code: 'VIB',
    name_id: 'Vibriosis (udang menyala / kaki merah)',
    name_en: 'Vibriosis (luminous shrimp, red legs)',
    signs_id:
      'Udang menyala dalam gelap (V. harveyi), kaki renang dan ekor kemerahan, bercak hitam atau luka pada cangkang, hepatopankreas pucat, lemah dan nafsu makan turun; jumlah Vibrio hijau di air tinggi.',
    signs_en:
      'Shrimp glowing in the dark (V. harveyi), reddish swimming legs and tail, black spots or wounds on the shell, pale hepatopancreas, weakness and lower feeding; high green Vibrio counts in the water.',
  },
  {
    id: 8,
    code: 'IHHNV',
    name_id: 'IHHNV (Runt Deformity Syndrome)',
    name_en: 'IHHNV (runt deformity syndrome)',
    signs_id:
      'Pada vaname: pertumbuhan terhambat, ukuran sangat bervariasi, rostrum bengkok, ruas perut dan antena cacat; kematian rendah tetapi hasil panen dan ukuran turun.',
    signs_en:
      'In vannamei: stunted growth, very mixed sizes, bent rostrum, deformed abdominal segments and antennae; low mortality but lower yield and size at harvest.',
  },
  {
    id: 9,
    code: 'TSV',
    name_id: 'Taura (Taura Syndrome Virus)',
    name_en: 'Taura syndrome (TSV)',
    signs_id:
      'Fase akut: tubuh dan ekor kemerahan, kipas ekor merah, cangkang lunak, mati saat ganti kulit; fase kronis: bercak hitam tidak beraturan (melanisasi) pada cangkang; biasanya DOC 14–40.',
    signs_en:
      'Acute phase: reddish body and tail fan, soft shell, shrimp dying while molting; chronic phase: irregular black spots (melanisation) on the shell; usually DOC 14–40.',
  },
  {
    id: 10,
    code: 'YHV',
    name_id: 'Kepala kuning (Yellow Head Virus)',
    name_en: 'Yellow head disease (YHV)',
    signs_id:
      'Sefalotoraks (kepala) dan hepatopankreas kekuningan, tubuh pucat; udang makan banyak lalu berhenti tiba-tiba, berkumpul di pinggir dan permukaan; kematian tinggi dalam 3–5 hari.',
    signs_en:
      'Yellowish cephalothorax (head) and hepatopancreas, pale body; shrimp feed heavily then stop suddenly, gather at the edges and surface; high mortality within 3–5 days.',
  },
  {
    id: 11,
    code: 'RMS',
    name_id: 'Kematian berjalan (Running Mortality Syndrome)',
    name_en: 'Running mortality syndrome (RMS)',
    signs_id:
      'Kematian sedikit tetapi setiap hari dan terus bertambah, sering dari DOC 30–40; udang mati di dasar dengan hepatopankreas pucat dan usus kosong; total kematian bisa 30–70 % selama siklus.',
    signs_en:
      'A few deaths every day that keep adding up, often from DOC 30–40; dead shrimp on the bottom with pale hepatopancreas and empty gut; total losses can reach 30–70 % over the cycle.',
  },
  {
    id: 12,
    code: 'SHELL',
    name_id: 'Penyakit cangkang (bercak hitam / kropos)',
    name_en: 'Shell disease (black spot / shell erosion)',
    signs_id:
      'Bercak coklat sampai hitam dan cangkang terkikis atau berlubang, sering setelah luka; disebabkan bakteri pengurai kitin; udang sulit ganti kulit; harga jual turun.',
    signs_en:
      'Brown to black spots and eroded or pitted shell, often after injuries; caused by chitin-degrading bacteria; shrimp struggle to molt; lower selling price.',
  },
  {
    id: 13,
    code: 'LOOSE',
    name_id: 'Cangkang lunak / keropos (kram, ganti kulit gagal)',
    name_en: 'Soft shell and molting problems (cramp)',
    signs_id:
      'Cangkang tetap lunak berhari-hari setelah ganti kulit; otot perut kaku melengkung (kram) setelah ditangkap; biasanya karena mineral (Ca, Mg, K) atau alkalinitas rendah dan suhu tinggi.',
    signs_en:
      'Shell still soft days after molting; stiff, curled abdomen (cramp) after handling; usually from low minerals (Ca, Mg, K) or alkalinity and high temperature.',
  },
];

/** The master disease by id, or undefined. */
export function masterDisease(id: number): MasterDisease | undefined {
  return MASTER_DISEASES.find((d) => d.id === id);
}

/** Severity of a disease record: 1 light, 2 moderate, 3 severe. */
export const DISEASE_SEVERITIES = [1, 2, 3] as const;
