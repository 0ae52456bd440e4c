/** Every route of the portal (spec §2), in one place. */
export const paths = {
  home: '/',
  catalog: (groupId?: string) => (groupId ? `/catalog/catalog/${encodeURIComponent(groupId)}` : '/catalog/catalog'),
  catalogInteractive: '/catalog/interactive',
  seasonSale: '/catalog/season-sale',
  company: (uid?: string) => (uid ? `/company/${encodeURIComponent(uid)}` : '/company'),
  /** A company's team page (its administrators only). */
  team: (uid: string) => `/companies/${encodeURIComponent(uid)}/team`,
  /** The invitation link of a mail: its token follows `#`. */
  invitation: '/invitation',
  /** The record of who did what in a company (its administrators). */
  companyAudit: (uid: string) => `/companies/${encodeURIComponent(uid)}/audit`,
  product: (article?: string) => (article ? `/product/${encodeURIComponent(article)}` : '/product'),
  order: (article?: string) => (article ? `/order/${encodeURIComponent(article)}` : '/order'),
  orders: '/orders',
  orderDetail: (n: number) => `/orders/${n}`,
  shipments: '/shipments',
  shipmentRequest: '/shipments/request',
  shipmentRequestSuccess: '/shipments/request/success',
  deliveryAddresses: '/shipments/address',
  claims: '/claims',
  claimRequest: '/claims/request',
  claimSuccess: '/claims/success',
  help: '/help',
  profile: '/profile',
  proposal: '/kp',
  logoMockup: '/logo',
  certificate: (article?: string) => (article ? `/certificate/${encodeURIComponent(article)}` : '/certificate'),
  logout: '/logout',
  login: '/login',
  forgotPassword: '/forgot-password',
  /** The links of the mails: their token follows `#`. */
  resetPassword: '/reset-password',
  confirmEmail: '/confirm-email',
  blocked: '/blocked',
  notFound: '/404',
  serverError: '/500',
} as const;
