/** The ten digits of a phone that passed the contract's format check: the extension and a leading 1 dropped. */
export const phoneDigits = (phone: string) => phone.toLowerCase().split('x')[0]!.replace(/\D/g, '').slice(-10);
