/**
 * dayjs in Russian («21 ноября»), for every screen that formats or picks dates. Imported from here, not from 'dayjs',
 * so the locale is set wherever dayjs is used, and dayjs comes with those screens, not with the main page.
 */
import dayjs from 'dayjs';
import 'dayjs/locale/ru';

dayjs.locale('ru');

export default dayjs;
