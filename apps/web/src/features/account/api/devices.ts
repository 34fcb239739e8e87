import { DEVICE_API } from '@tandem/contract/api';
import type { Page } from '@tandem/contract/envelope';
import type { Device, SignInFailure } from '@tandem/contract/user';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { http } from '../../../shared/api/http.ts';

export const DEVICE_PAGE_SIZE = 20;

export const devicesQuery = (page: number, pageSize = DEVICE_PAGE_SIZE) =>
  queryOptions({
    queryKey: ['account', 'devices', page, pageSize],
    queryFn: () => http.post<Page<Device>>(DEVICE_API.list, { page, page_size: pageSize }),
    placeholderData: keepPreviousData,
    // Sessions come and go on other devices: reopening the list always asks again.
    staleTime: 0,
  });

export const logoutDevice = (deviceId: string) => http.post<null>(DEVICE_API.logout, { device_id: deviceId });

export const logoutAllOtherDevices = () => http.post<null>(DEVICE_API.logoutAll, { except_current: 1 });

/** Failed sign-ins to this account per address, newest first: the owner sees when someone tried. */
export const signInFailuresQuery = () =>
  queryOptions({
    queryKey: ['account', 'sign-in-failures'],
    queryFn: () => http.get<Page<SignInFailure>>(DEVICE_API.signInFailures),
    staleTime: 0,
  });
