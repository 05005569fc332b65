import { createRequire } from 'node:module';
import countries, { type LocaleData } from 'i18n-iso-countries/index.js';

/**
 * ISO 3166-1 countries with their English names: the codes the enrich checks draw and judge, and the names
 * the mock gives a merchant's location. The package's main entry registers all of its eighty languages,
 * which every suite worker and the CLI would load; English is the only one read here.
 */
countries.registerLocale(createRequire(import.meta.url)('i18n-iso-countries/langs/en.json') as LocaleData);

export { countries };
