/**
 * The account's saved sections (profile, privacy with the block list, appearance, language), their store, import/export, backups and presets.
 * Other areas import only what this file exports; everything else in the folder is private.
 */
export { isBlockedBy } from './blocks';
export { registerSectionRoutes } from './register-section-routes';
export { accountSettingsRoutes } from './routes';
export { languageOf, readAllSettings, readSection, saveSection, userLanguage, withDefaults } from './store';
