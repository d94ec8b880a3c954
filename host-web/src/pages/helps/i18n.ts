import { addTranslations } from '../../i18n';

addTranslations({
  en: { helps: { title: 'Help', empty: 'No help videos yet.', watch: 'Watch video', noVideo: 'No video', link: 'Open link' } },
  pt: { helps: { title: 'Ajuda', empty: 'Nenhum vídeo de ajuda ainda.', watch: 'Assistir ao vídeo', noVideo: 'Sem vídeo', link: 'Abrir link' } },
  es: { helps: { title: 'Ayuda', empty: 'Aún no hay videos de ayuda.', watch: 'Ver video', noVideo: 'Sin video', link: 'Abrir enlace' } },
});
