// « Minimum d'inscriptions » (docs/decisions/0048): when a session's minimum is checked and how long
// its chef has to answer, the school's setting (audited). A change plans every future check again at
// its new moment, in the same transaction (service.ts changeMinimumPolicy).
import { DEFAULT_MINIMUM_POLICY } from '@shared/booking';
import { minimumPolicySchema } from '@shared/schemas/minimum-enrolment';
import { schoolSetting } from '../settings/school-setting';

export const minimumPolicy = schoolSetting({ key: 'booking.minimum_enrolment', schema: minimumPolicySchema, defaults: DEFAULT_MINIMUM_POLICY, auditAction: 'settings.minimum_enrolment' });

export const readMinimumPolicy = minimumPolicy.read;
export const writeMinimumPolicy = minimumPolicy.write;
