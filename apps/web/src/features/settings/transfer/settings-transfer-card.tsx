/** Import, export and reset of all settings, backups and presets (settings-and-referrals.md §4, §7); shown in the Data section. */
export function SettingsTransferCard() {
  return null;
}
