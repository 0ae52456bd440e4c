/**
 * Stable error codes of the API, each with its HTTP status. The user-facing message (Russian, saying what to do)
 * is chosen where the error is raised; these defaults are used when nothing more specific can be said.
 */
export const ERROR_CODES = {
  BAD_REQUEST: { status: 400, message: 'Некорректный запрос: проверьте введённые данные.' },
  VALIDATION: { status: 400, message: 'Данные заполнены неверно.' },
  UNAUTHORIZED: { status: 401, message: 'Войдите в систему: сессия отсутствует или истекла.' },
  WRONG_CREDENTIALS: { status: 401, message: 'Неверный логин или пароль.' },
  FORBIDDEN: { status: 403, message: 'Нет доступа к этому объекту.' },
  BLOCKED: { status: 403, message: 'Доступ заблокирован. Обратитесь к вашему менеджеру.' },
  NOT_FOUND: { status: 404, message: 'Не найдено.' },
  CONFLICT: { status: 409, message: 'Конфликт: данные изменились, обновите страницу и повторите.' },
  PRICES_CHANGED: { status: 409, message: 'Цены изменились: проверьте новые цены и подтвердите заказ.' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'Файл слишком большой.' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'Этот тип файла не поддерживается.' },
  TOO_MANY_REQUESTS: { status: 429, message: 'Слишком много попыток. Подождите и попробуйте снова.' },
  INTERNAL: { status: 500, message: 'Внутренняя ошибка сервера. Попробуйте позже или обратитесь к менеджеру.' },
  UNAVAILABLE: { status: 503, message: 'Сервис временно недоступен. Попробуйте позже.' },
  INSUFFICIENT_STORAGE: {
    status: 507,
    message: 'На сервере закончилось место на диске: ничего не сохранено. Сообщите администратору портала и повторите позже.',
  },
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;
