import { addEnglishTexts } from '@/lib/i18n';
import english from './locales/en.json';

// This area's English texts come with its page's chunk, not with the entry (lib/i18n.ts).
addEnglishTexts(english);
