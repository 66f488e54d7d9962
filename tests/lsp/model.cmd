model create model_name = pendulum
part create rigid_body name_and_position part_name = .pendulum.PART_2 &
   location = 1.0, 0.0, 0.0
marker create marker_name = .pendulum.PART_2.MK relative_to = .pendulum.PART_2 &
   location = 0.5, 0.0, 0.0
data_element create variable variable_name = .pendulum.reach &
   function = "IF(TIME: 0, 0, DX(.pendulum.PART_2.MK))"
data_element create variable variable_name = .pendulum.bad &
   function = "DX(.pendulum.PART_2.MX)"
