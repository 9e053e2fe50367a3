/** What a contact receives with a temporary password (3 §7): email and SMS wording. */
export function temporaryPasswordMessage(username: string, password: string) {
  return {
    subject: 'Your temporary Tripline password',
    body: [
      'Your Tripline password was reset.',
      '',
      `User name: ${username}`,
      `Temporary password: ${password}`,
      '',
      'Sign in with it and choose a new password: you will be asked to change it at once.',
      'If you did not expect this message, call the dispatch office.',
    ].join('\n'),
    sms: `Tripline: your temporary password is ${password} (user name ${username}). Sign in and change it at once.`,
  };
}
