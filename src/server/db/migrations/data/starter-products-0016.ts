/**
 * The starter product catalogue migration 0016 inserts (kinds of product a vannamei farm
 * in Indonesia keeps, no brands), in both languages. Frozen with its migration: a later
 * change to the catalogue is a new migration. Ids are fixed so every instance has the same.
 */
export interface StarterProduct {
  id: string;
  category_id: number;
  unit: 'Kg' | 'Liter' | 'Gram' | 'Ml' | 'Unit' | 'Set';
  id_name: string;
  en_name: string;
}

const rows: [number, StarterProduct['unit'], string, string][] = [
  // Feed (5): crumble for the first weeks, then pellets by size.
  [5, 'Kg', 'Pakan udang crumble #0 (0,3–0,5 mm)', 'Shrimp feed crumble #0 (0.3–0.5 mm)'],
  [5, 'Kg', 'Pakan udang crumble #1 (0,5–0,8 mm)', 'Shrimp feed crumble #1 (0.5–0.8 mm)'],
  [5, 'Kg', 'Pakan udang crumble #2 (0,8–1,2 mm)', 'Shrimp feed crumble #2 (0.8–1.2 mm)'],
  [5, 'Kg', 'Pakan udang crumble #3 (1,2–1,6 mm)', 'Shrimp feed crumble #3 (1.2–1.6 mm)'],
  [5, 'Kg', 'Pakan udang pelet 1,6 mm', 'Shrimp feed pellet 1.6 mm'],
  [5, 'Kg', 'Pakan udang pelet 1,8 mm', 'Shrimp feed pellet 1.8 mm'],
  [5, 'Kg', 'Pakan udang pelet 2,0 mm', 'Shrimp feed pellet 2.0 mm'],
  [5, 'Kg', 'Pakan udang pelet 2,2 mm', 'Shrimp feed pellet 2.2 mm'],
  [5, 'Kg', 'Pakan udang pelet 2,5 mm', 'Shrimp feed pellet 2.5 mm'],
  // Probiotics (3).
  [3, 'Kg', 'Probiotik Bacillus (bubuk)', 'Bacillus probiotic (powder)'],
  [3, 'Liter', 'Probiotik Bacillus (cair)', 'Bacillus probiotic (liquid)'],
  [3, 'Liter', 'Probiotik Lactobacillus (cair)', 'Lactobacillus probiotic (liquid)'],
  [
    3,
    'Liter',
    'Bakteri nitrifikasi (Nitrosomonas, Nitrobacter)',
    'Nitrifying bacteria (Nitrosomonas, Nitrobacter)',
  ],
  [3, 'Liter', 'Bakteri fotosintetik (PSB)', 'Photosynthetic bacteria (PSB)'],
  [3, 'Liter', 'Molase (tetes tebu)', 'Molasses (sugar-cane)'],
  [3, 'Kg', 'Dedak halus (fermentasi probiotik)', 'Fine rice bran (probiotic fermentation)'],
  // Chemical (6).
  [6, 'Kg', 'Kapur pertanian (kaptan, CaCO₃)', 'Agricultural lime (CaCO₃)'],
  [6, 'Kg', 'Kapur tohor (CaO)', 'Quicklime (CaO)'],
  [6, 'Kg', 'Dolomit (CaMg(CO₃)₂)', 'Dolomite (CaMg(CO₃)₂)'],
  [6, 'Kg', 'Kaporit (kalsium hipoklorit 60 %)', 'Chlorine (calcium hypochlorite 60 %)'],
  [6, 'Kg', 'Zeolit', 'Zeolite'],
  [6, 'Kg', 'Saponin (biji teh)', 'Saponin (tea seed)'],
  [6, 'Kg', 'Mineral udang (Mg, K, Ca)', 'Shrimp minerals (Mg, K, Ca)'],
  [6, 'Kg', 'Pupuk urea', 'Urea fertiliser'],
  [6, 'Kg', 'Pupuk TSP', 'TSP fertiliser'],
  [6, 'Liter', 'Hidrogen peroksida (H₂O₂ 50 %)', 'Hydrogen peroxide (H₂O₂ 50 %)'],
  [6, 'Liter', 'Formalin', 'Formalin'],
  [6, 'Kg', 'Natrium tiosulfat', 'Sodium thiosulphate'],
  // Lab (1).
  [1, 'Set', 'Test kit amonia', 'Ammonia test kit'],
  [1, 'Set', 'Test kit nitrit', 'Nitrite test kit'],
  [1, 'Set', 'Test kit alkalinitas', 'Alkalinity test kit'],
  [1, 'Set', 'Kertas lakmus pH', 'pH test strips'],
  [1, 'Unit', 'Refraktometer salinitas', 'Salinity refractometer'],
  [1, 'Liter', 'Media TCBS (uji Vibrio)', 'TCBS medium (Vibrio test)'],
  // Equipment (2).
  [2, 'Unit', 'Anco (feeding tray)', 'Feed tray (anco)'],
  [2, 'Unit', 'Jala tebar', 'Cast net'],
  [2, 'Unit', 'Timbangan digital', 'Digital scale'],
  [2, 'Unit', 'Kincir air', 'Paddle wheel'],
  [2, 'Unit', 'Ember', 'Bucket'],
  // Electric (4).
  [4, 'Unit', 'Dinamo kincir 1 HP', 'Paddle-wheel motor 1 HP'],
  [4, 'Unit', 'Kabel listrik (gulung)', 'Power cable (roll)'],
  [4, 'Liter', 'Solar (bahan bakar genset)', 'Diesel (generator fuel)'],
  [4, 'Unit', 'Lampu LED', 'LED lamp'],
  // More (7).
  [7, 'Kg', 'Vitamin C', 'Vitamin C'],
  [7, 'Kg', 'Imunostimulan (beta-glukan)', 'Immunostimulant (beta-glucan)'],
  [7, 'Liter', 'Perekat pakan (binder)', 'Feed binder'],
  [7, 'Kg', 'Garam krosok', 'Coarse salt'],
];

export const STARTER_PRODUCTS: StarterProduct[] = rows.map(([category_id, unit, id_name, en_name], i) => ({
  id: `01930000-0000-7000-8000-${String(i + 1).padStart(12, '0')}`,
  category_id,
  unit,
  id_name,
  en_name,
}));
